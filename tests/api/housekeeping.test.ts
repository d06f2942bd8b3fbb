import { env, exports } from 'cloudflare:workers';
import { createScheduledController } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import worker from './api-worker.ts';
import { SITE, seedFixtures, seedMailStrings } from './fixtures.ts';
import { outboxStatement } from '../../functions/email/outbox.ts';
import { outboxFor } from '../../functions/data/email/outbox.ts';
import { SETTLED_MAIL_KEPT_MS } from '../../functions/housekeeping.ts';
import { mailTo } from './mailbox.ts';

beforeAll(async () => {
  await seedFixtures();
  await seedMailStrings();
});

/** What the Cron Trigger calls, at a given time. */
const cron = (scheduledTime: number) => worker.scheduled(createScheduledController({ scheduledTime, cron: '17 * * * *' }), env);

const login = (cu: string, address: string) =>
  exports.default.fetch('http://localhost/api/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'tiles-site-id': SITE, 'tiles-locale-code': 'it-IT', 'cf-connecting-ip': address },
    body: JSON.stringify({ cu, cp: 'Sbagliata-2026!' }),
  });

const rows = async (like: string) =>
  (await env.DB.prepare('SELECT COUNT(*) AS n FROM sign_in_throttle WHERE key LIKE ?').bind(like).first<{ n: number }>())?.n ?? 0;

describe('the hourly Cron Trigger', () => {
  it("purges the throttle rows of unknown codes once they expire, keeping today's", async () => {
    for (let i = 0; i < 5; i++) expect((await login(`sconosciuto.${i}`, `192.0.2.${i + 1}`)).status).toBe(401);
    expect(await rows(`${SITE}/sconosciuto.%`)).toBe(5);
    await cron(Date.now() + 60_000);
    expect(await rows(`${SITE}/sconosciuto.%`)).toBe(5);
    await cron(Date.now() + 16 * 60_000);
    expect(await rows(`${SITE}/sconosciuto.%`)).toBe(0);
    expect(await rows('192.0.2.%')).toBe(0);
  });

  it('forgets used bot-check challenges and abandoned federated sign-ins past their expiry', async () => {
    const now = Date.now();
    await env.DB.batch([
      env.DB.prepare("INSERT INTO bot_check_used (id, expires_at) VALUES ('hk-old', ?), ('hk-live', ?)").bind(now - 1, now + 600_000),
      env.DB.prepare("INSERT INTO federated_login (nonce, provider, site_id, expires_at) VALUES ('hk-nonce', 'mock', ?, ?)").bind(SITE, now - 1),
    ]);
    await cron(now);
    const { results } = await env.DB.prepare("SELECT id FROM bot_check_used WHERE id LIKE 'hk-%'").all<{ id: string }>();
    expect(results).toEqual([{ id: 'hk-live' }]);
    expect(await env.DB.prepare("SELECT nonce FROM federated_login WHERE nonce = 'hk-nonce'").first()).toBeNull();
  });

  it('delivers e-mail a lost queue message left behind, and forgets what is settled after 90 days', async () => {
    const now = Date.now();
    const mail = {
      siteId: SITE,
      to: `cron.${now}@example.it`,
      locale: 'it-IT',
      template: 'password-reset' as const,
      values: { name: 'Ada', code: 'ada', path: '/it-IT/password/reset?t=cron', minutes: 60 },
      origin: 'https://formazione.example.it',
    };
    // Written with no kick at all, as if the queue had lost it.
    await (await outboxStatement(env, mail, { now })).run();
    await cron(now);
    expect(mailTo(mail.to)).toHaveLength(1);
    expect((await outboxFor(env.DB, SITE, mail.to))[0]?.status).toBe('sent');
    await cron(now + SETTLED_MAIL_KEPT_MS - 60_000);
    expect(await outboxFor(env.DB, SITE, mail.to)).toHaveLength(1);
    await cron(now + SETTLED_MAIL_KEPT_MS + 1);
    expect(await outboxFor(env.DB, SITE, mail.to)).toEqual([]);
  });

  it('forgets password counters after their hour and reset links a day after they expired', async () => {
    const now = Date.now();
    await env.DB.batch([
      env.DB.prepare("INSERT INTO password_attempt (id, site_id, scope, key, at) VALUES ('hk-attempt', ?, 'change', 'u', ?)").bind(SITE, now),
      env.DB.prepare("INSERT INTO password_reset (token_hash, user_id, site_id, created_at, expires_at) VALUES ('hk-link', 'u-api-learner', ?, ?, ?)").bind(
        SITE,
        now,
        now + 3_600_000,
      ),
    ]);
    await cron(now + 3_600_000 + 1);
    expect(await env.DB.prepare("SELECT id FROM password_attempt WHERE id = 'hk-attempt'").first()).toBeNull();
    expect(await env.DB.prepare("SELECT token_hash FROM password_reset WHERE token_hash = 'hk-link'").first()).not.toBeNull();
    await cron(now + 3_600_000 + 86_400_000 + 1);
    expect(await env.DB.prepare("SELECT token_hash FROM password_reset WHERE token_hash = 'hk-link'").first()).toBeNull();
  });
});
