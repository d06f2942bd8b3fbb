import type { MessageBatch } from '@cloudflare/workers-types';
import { renderEmail, type EmailFrame } from '../../core/email/render.ts';
import { isEmailTemplate, type EmailTemplateName, type EmailValues } from '../../core/email/templates.ts';
import { translator } from '../../core/translate.ts';
import { claimDueMail, markMailFailed, markMailSent, nextMailDue, type ClaimedMail } from '../data/email/outbox.ts';
import { findSite, findStrings } from '../data/site/sites.ts';
import type { Env } from '../env.ts';
import { assertSessionSecret } from '../auth/session-secret.ts';
import { kickOutbox } from './outbox.ts';
import { openValues } from './sealed-values.ts';

/** The outbox's queue (wrangler.toml): src/worker.ts hands its batches here. */
export const MAIL_QUEUE = 'tiles-mail';
/** Attempts before a message is given up (failed, kept with its last error): about 8.5 hours of retries. */
export const MAIL_MAX_ATTEMPTS = 10;
/** How long a claim holds a message: a delivery that died mid-way leaves it to be taken again after this. */
export const MAIL_CLAIM_LEASE_MS = 10 * 60 * 1000;
/** Messages claimed at a time, and rounds per delivery: a backlog larger than that goes on in the next one. */
const CLAIM_SIZE = 10;
const ROUNDS = 10;

/** How long after its `attempts`-th failure a message is due again: 1, 2, 4 ... minutes, at most 6 hours. */
export function mailRetryDelayMs(attempts: number): number {
  return Math.min(6 * 60 * 60 * 1000, 60_000 * 2 ** Math.max(0, attempts - 1));
}

export interface DeliveryReport {
  sent: number;
  /** Failed this time, due again later. */
  retrying: number;
  /** Failed for good (attempts spent, or a message that can never be rendered). */
  failed: number;
}

type DeliveryEnv = Pick<Env, 'DB' | 'EMAIL' | 'MAIL' | 'MAIL_FROM' | 'SESSION_SECRET' | 'ENVIRONMENT'>;

/** A message that can never be sent as stored (unknown template, a payload sealed under another secret): no retry helps. */
class Undeliverable extends Error {}

function frameLoader(env: DeliveryEnv) {
  const frames = new Map<string, Promise<Omit<EmailFrame, 'origin'>>>();
  return (siteId: string, locale: string) => {
    const key = `${siteId}/${locale}`;
    let frame = frames.get(key);
    if (!frame) {
      frame = (async () => {
        const site = await findSite(env.DB, siteId);
        if (!site) throw new Undeliverable(`Unknown site ${siteId}`);
        const [fallback, own] = await Promise.all([
          findStrings(env.DB, site._id, site.defaultLocale),
          locale === site.defaultLocale ? Promise.resolve<Record<string, string>>({}) : findStrings(env.DB, site._id, locale),
        ]);
        // A string not yet translated reads in the site's default language, as on the pages.
        const strings: Record<string, string> = { ...fallback, ...own };
        return { locale, t: translator(strings, locale), siteName: strings['site.name'] ?? site.niceName, logoPath: `/logo/${site.logo}` };
      })();
      frames.set(key, frame);
    }
    return frame;
  };
}

async function deliverOne(env: DeliveryEnv, mail: ClaimedMail, frameOf: ReturnType<typeof frameLoader>, now: number): Promise<keyof DeliveryReport> {
  let messageId: string;
  try {
    if (!isEmailTemplate(mail.template)) throw new Undeliverable(`Unknown template ${mail.template}`);
    if (!mail.payload) throw new Undeliverable('No values');
    const values = await openValues(mail.payload, assertSessionSecret(env), mail.id).catch(() => {
      throw new Undeliverable('Values sealed under another SESSION_SECRET or for another row');
    });
    const frame = { ...(await frameOf(mail.siteId, mail.locale)), origin: mail.origin };
    const message = renderEmail(mail.template, values as EmailValues<EmailTemplateName>, frame);
    if (!env.EMAIL || !env.MAIL_FROM) throw new Error('No EMAIL binding or MAIL_FROM address configured');
    ({ messageId } = await env.EMAIL.send({ from: { email: env.MAIL_FROM, name: frame.siteName }, to: mail.recipient, ...message }));
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    const final = error instanceof Undeliverable || mail.attempts >= MAIL_MAX_ATTEMPTS;
    console.log(JSON.stringify({ type: 'mail', event: final ? 'failed' : 'retry', id: mail.id, attempts: mail.attempts, error: detail.slice(0, 300) }));
    await markMailFailed(env.DB, mail, detail, final ? null : now + mailRetryDelayMs(mail.attempts), now);
    return final ? 'failed' : 'retrying';
  }
  // Sent: if this write failed, the claim's lease would let the message go out a second time, so
  // it is tried twice; that window (provider accepted, D1 unreachable) is the only way to a duplicate.
  if (!(await markMailSent(env.DB, mail, messageId, now).catch(() => markMailSent(env.DB, mail, messageId, now)))) {
    console.log(JSON.stringify({ type: 'mail', event: 'sent-unrecorded', id: mail.id }));
  }
  return 'sent';
}

/**
 * Delivers what is due: claims messages a few at a time (each claim is one statement, so parallel
 * deliveries never share a message), renders each in its locale with its site's name and logo,
 * sends it and records the outcome. A failure is due again later (mailRetryDelayMs) until
 * MAIL_MAX_ATTEMPTS; then it stays as failed, with its error, for staff to see. When this delivery
 * left something (a retry, a larger backlog), the queue is asked to come back when it is due.
 */
export async function drainOutbox(env: DeliveryEnv, now = Date.now()): Promise<DeliveryReport> {
  const report: DeliveryReport = { sent: 0, retrying: 0, failed: 0 };
  const frameOf = frameLoader(env);
  let backlog = false;
  for (let round = 0; round < ROUNDS; round++) {
    const claimed = await claimDueMail(env.DB, now, now + MAIL_CLAIM_LEASE_MS, CLAIM_SIZE);
    for (const mail of claimed) report[await deliverOne(env, mail, frameOf, now)] += 1;
    backlog = claimed.length === CLAIM_SIZE;
    if (!backlog) break;
  }
  // Only a delivery that left work behind asks to come back, once: kicks that found nothing to do
  // never multiply into more kicks.
  if (backlog) await kickOutbox(env);
  else if (report.retrying > 0) {
    const due = await nextMailDue(env.DB);
    if (due !== null) await kickOutbox(env, Math.max(1, (due - now) / 1000));
  }
  return report;
}

/**
 * The MAIL queue's consumer: however many kicks a batch holds, one delivery serves them all. If
 * D1 itself fails, the kicks come back a minute later; the messages were never anywhere else.
 */
export async function consumeMail(batch: MessageBatch<unknown>, env: DeliveryEnv): Promise<void> {
  try {
    const report = await drainOutbox(env);
    if (report.sent + report.retrying + report.failed > 0) console.log(JSON.stringify({ type: 'mail', event: 'delivery', ...report }));
    batch.ackAll();
  } catch (error) {
    console.log(JSON.stringify({ type: 'mail', event: 'delivery-failed', error: error instanceof Error ? error.message.slice(0, 300) : String(error) }));
    batch.retryAll({ delaySeconds: 60 });
  }
}
