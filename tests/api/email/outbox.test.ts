import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SendEmail } from '@cloudflare/workers-types';
import { claimDueMail, outboxFor } from '../../../functions/data/email/outbox.ts';
import { drainOutbox, MAIL_CLAIM_LEASE_MS, MAIL_MAX_ATTEMPTS, mailRetryDelayMs } from '../../../functions/email/deliver.ts';
import { kickOutbox, outboxStatement, type OutboxMail } from '../../../functions/email/outbox.ts';
import type { Env } from '../../../functions/env.ts';
import { seedFixtures, seedMailStrings, SITE } from '../fixtures.ts';
import { failingMailer, linkIn, mailTo, testMailbox, waitForMail } from '../mailbox.ts';

// The outbox: a message is written with the action that causes it, delivered by the MAIL queue's
// consumer, retried when the provider fails, and sent once.
beforeAll(async () => {
  await seedFixtures();
  await seedMailStrings();
});

let serial = 0;
function resetMail(locale = 'it-IT'): OutboxMail<'password-reset'> {
  serial += 1;
  return {
    siteId: SITE,
    to: `outbox.${serial}.${Date.now()}@example.it`,
    locale,
    template: 'password-reset',
    values: { name: 'Giulia', code: `giulia.${serial}`, path: `/${locale}/password/reset?t=secret-token-${serial}-abcdefghijklmnopqrstuv`, minutes: 60 },
    origin: 'https://formazione.example.it',
  };
}

/** The Worker's bindings for a delivery run by the test itself: no queue, so nothing else delivers behind its back. */
const delivering = (EMAIL: SendEmail): Env => ({ ...env, EMAIL, MAIL: undefined });

async function pending(to: string) {
  const [state] = await outboxFor(env.DB, SITE, to);
  return state;
}

describe('writing a message', () => {
  it('is written in the batch of its action, and not at all when that batch fails', async () => {
    const kept = resetMail();
    await env.DB.batch([env.DB.prepare('UPDATE site SET nice_name = nice_name WHERE id = ?').bind(SITE), await outboxStatement(env, kept)]);
    expect((await pending(kept.to))?.status).toBe('pending');

    const lost = resetMail();
    const batch = env.DB.batch([await outboxStatement(env, lost), env.DB.prepare('INSERT INTO site (id) VALUES (NULL)')]);
    await expect(batch).rejects.toThrow();
    expect(await outboxFor(env.DB, SITE, lost.to)).toEqual([]);
    await drainOutbox(delivering(testMailbox));
  });

  it('with onlyIfPreviousChanged, exists only when the statement before it changed a row', async () => {
    const skipped = resetMail();
    const noChange = env.DB.prepare("UPDATE site SET nice_name = 'x' WHERE id = 'no-such-site'");
    await env.DB.batch([noChange, await outboxStatement(env, skipped, { onlyIfPreviousChanged: true })]);
    expect(await outboxFor(env.DB, SITE, skipped.to)).toEqual([]);
  });

  it('keeps the values sealed: the link is nowhere readable in D1', async () => {
    const mail = resetMail();
    await (await outboxStatement(env, mail)).run();
    const row = await env.DB.prepare('SELECT * FROM email_outbox WHERE recipient = ?').bind(mail.to).first<Record<string, unknown>>();
    expect(JSON.stringify(row)).not.toContain('secret-token');
    expect(JSON.stringify(row)).not.toContain('Giulia');
    await drainOutbox(delivering(testMailbox));
  });

  it("refuses a caller's mistakes: an unknown template, a missing value, a link off the site, no address", async () => {
    const mail = resetMail();
    await expect(outboxStatement(env, { ...mail, template: 'welcome' as 'password-reset' })).rejects.toThrow(/template/);
    await expect(outboxStatement(env, { ...mail, values: { ...mail.values, code: '' } })).rejects.toThrow(/code/);
    for (const path of ['https://evil.example/reset', '//evil.example/reset', '/\\evil.example']) {
      await expect(outboxStatement(env, { ...mail, values: { ...mail.values, path } })).rejects.toThrow(/path on the site|stay on the site/);
    }
    await expect(outboxStatement(env, { ...mail, to: 'not an address' })).rejects.toThrow(/recipient/);
  });
});

describe('delivering', () => {
  it("sends a due message in its recipient's language with the site's name, records it and drops the values", async () => {
    const mail = resetMail('de-DE');
    await (await outboxStatement(env, mail)).run();
    expect(await drainOutbox(delivering(testMailbox))).toEqual({ sent: 1, retrying: 0, failed: 0 });
    const [received] = mailTo(mail.to);
    expect(received?.subject).toBe('Tiles Test: Wählen Sie ein neues Passwort');
    expect(received?.from).toBe('noreply@tiles.example');
    expect(received?.text).toContain('Hallo Giulia,');
    expect(linkIn(received!).href).toBe(`https://formazione.example.it${mail.values.path}`);
    expect(received?.html).toContain('src="https://formazione.example.it/logo/tiles.svg"');
    const state = await pending(mail.to);
    expect(state).toMatchObject({ status: 'sent', attempts: 1, messageId: received?.messageId, lastError: null });
    const row = await env.DB.prepare('SELECT payload FROM email_outbox WHERE id = ?').bind(state?.id).first();
    expect(row).toEqual({ payload: null });
    // Delivered again (a redelivered kick, the hourly run): nothing is sent twice.
    await drainOutbox(delivering(testMailbox));
    expect(mailTo(mail.to)).toHaveLength(1);
  });

  it('retries a provider failure later, loses nothing, and sends the message once', async () => {
    const mail = resetMail();
    const now = Date.now();
    await (await outboxStatement(env, mail, { now })).run();
    const down = failingMailer('Email Service: 503');
    expect(await drainOutbox(delivering(down), now)).toEqual({ sent: 0, retrying: 1, failed: 0 });
    expect(await pending(mail.to)).toMatchObject({ status: 'pending', attempts: 1, lastError: 'Email Service: 503', nextAttemptAt: now + mailRetryDelayMs(1) });
    // Not due yet: nobody tries again before the backoff.
    await drainOutbox(delivering(testMailbox), now + mailRetryDelayMs(1) - 1000);
    expect(mailTo(mail.to)).toHaveLength(0);
    expect(await drainOutbox(delivering(testMailbox), now + mailRetryDelayMs(1))).toEqual({ sent: 1, retrying: 0, failed: 0 });
    await drainOutbox(delivering(testMailbox), now + mailRetryDelayMs(5));
    expect(mailTo(mail.to)).toHaveLength(1);
    expect(down.tries).toBe(1);
    expect(await pending(mail.to)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('gives up after MAIL_MAX_ATTEMPTS failures, keeping the message and its last error for staff', async () => {
    const mail = resetMail();
    let now = Date.now();
    await (await outboxStatement(env, mail, { now })).run();
    const down = failingMailer('email to x not allowed');
    for (let attempt = 1; attempt <= MAIL_MAX_ATTEMPTS; attempt++) {
      await drainOutbox(delivering(down), now);
      now += mailRetryDelayMs(attempt);
    }
    expect(down.tries).toBe(MAIL_MAX_ATTEMPTS);
    expect(await pending(mail.to)).toMatchObject({ status: 'failed', attempts: MAIL_MAX_ATTEMPTS, lastError: 'email to x not allowed' });
    await drainOutbox(delivering(testMailbox), now + 86_400_000);
    expect(mailTo(mail.to)).toHaveLength(0);
  });

  it('sends every message once when deliveries run in parallel', async () => {
    const mails = Array.from({ length: 24 }, () => resetMail());
    await env.DB.batch(await Promise.all(mails.map((mail) => outboxStatement(env, mail))));
    const reports = await Promise.all(Array.from({ length: 6 }, () => drainOutbox(delivering(testMailbox))));
    expect(reports.reduce((sum, report) => sum + report.sent, 0)).toBe(24);
    for (const mail of mails) expect(mailTo(mail.to)).toHaveLength(1);
  });

  it('takes again, after its lease, a message whose delivery died mid-way', async () => {
    const mail = resetMail();
    const now = Date.now();
    await (await outboxStatement(env, mail, { now })).run();
    // A delivery that claimed it and never came back.
    expect(await claimDueMail(env.DB, now, now + MAIL_CLAIM_LEASE_MS, 10)).toHaveLength(1);
    await drainOutbox(delivering(testMailbox), now + 1000);
    expect(mailTo(mail.to)).toHaveLength(0);
    await drainOutbox(delivering(testMailbox), now + MAIL_CLAIM_LEASE_MS);
    expect(mailTo(mail.to)).toHaveLength(1);
  });

  it('fails for good, without retrying, a message that can never be rendered (values sealed under another secret)', async () => {
    const mail = resetMail();
    await (await outboxStatement({ ...env, SESSION_SECRET: 'another-session-secret-0123456789abcdef' }, mail)).run();
    expect(await drainOutbox(delivering(testMailbox))).toEqual({ sent: 0, retrying: 0, failed: 1 });
    expect(await pending(mail.to)).toMatchObject({ status: 'failed', attempts: 1 });
  });
});

describe('the MAIL queue', () => {
  it('delivers a message within seconds of its kick, through the real queue and this Worker’s consumer', async () => {
    const mail = resetMail('en-US');
    await (await outboxStatement(env, mail)).run();
    await kickOutbox(env);
    const [received] = await waitForMail(mail.to);
    expect(received?.subject).toBe('Tiles Test: choose a new password');
    expect((await pending(mail.to))?.status).toBe('sent');
  });
});
