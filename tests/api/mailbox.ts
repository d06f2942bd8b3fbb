import type { EmailMessageBuilder, SendEmail } from '@cloudflare/workers-types';
import { env } from 'cloudflare:workers';

/**
 * The API tests' mailbox: what the outbox's consumer sent, in the shape wrangler's local explorer
 * gives the browser tests (tests/e2e/mailbox.ts): sender, recipients, subject, text, HTML. The
 * test Worker (api-worker.ts) delivers with it; a test reads it as a person reads their mail.
 */
export interface SentMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  messageId: string;
}

const sent: SentMail[] = [];
const addressOf = (value: unknown) => (typeof value === 'string' ? value : (value as { email: string }).email);

/** Records every message it is given, as Email Service would accept it. */
export const testMailbox = {
  async send(message: EmailMessageBuilder) {
    const messageId = `<${crypto.randomUUID()}@tiles.test>`;
    const to = ([] as unknown[]).concat(message.to ?? []).map(addressOf);
    sent.push({ from: addressOf(message.from), to, subject: message.subject, text: message.text ?? '', html: message.html ?? '', messageId });
    return { messageId };
  },
} as unknown as SendEmail;

/**
 * Forgets every message: the set-up does it before each test file, as test files share the
 * Worker (and so this mailbox) and reuse the fixtures' addresses.
 */
export function emptyMailbox(): void {
  sent.length = 0;
}

/** Every message sent to an address so far, oldest first. */
export function mailTo(address: string): SentMail[] {
  return sent.filter((mail) => mail.to.some((to) => to.toLowerCase() === address.toLowerCase()));
}

/** Waits (the queue delivers within a second or two) until `address` has received `count` messages; returns them. */
export async function waitForMail(address: string, count = 1, timeoutMs = 8000): Promise<SentMail[]> {
  const started = Date.now();
  while (mailTo(address).length < count && Date.now() - started < timeoutMs) await new Promise((resolve) => setTimeout(resolve, 100));
  const received = mailTo(address);
  if (received.length < count) throw new Error(`${address} received ${received.length} of ${count} messages within ${timeoutMs} ms`);
  return received;
}

/**
 * Waits until every message the outbox holds for `address` has left it (sent or given up), and
 * returns how many it holds: once the requests that queue mail have answered, that is every
 * message they will ever send, so a test counts them instead of sleeping to see none arrive.
 */
export async function outboxSettled(address: string, timeoutMs = 8000): Promise<number> {
  const started = Date.now();
  for (;;) {
    const row = await env.DB.prepare(
      "SELECT COUNT(*) AS total, COUNT(*) FILTER (WHERE status IN ('pending', 'sending')) AS waiting FROM email_outbox WHERE LOWER(recipient) = LOWER(?)",
    )
      .bind(address)
      .first<{ total: number; waiting: number }>();
    if (row && row.waiting === 0) return row.total;
    if (Date.now() - started > timeoutMs) throw new Error(`${row?.waiting} messages to ${address} still in the outbox after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The first link to the site in a message's text (the e-mail's button). */
export function linkIn(mail: SentMail): URL {
  const found = /https?:\/\/\S+/.exec(mail.text);
  if (!found) throw new Error(`no link in "${mail.subject}"`);
  return new URL(found[0]);
}

/** A provider that refuses every message, counting the tries. */
export function failingMailer(error = 'Email Service unavailable'): SendEmail & { tries: number } {
  const mailer = {
    tries: 0,
    async send() {
      mailer.tries += 1;
      throw new Error(error);
    },
  };
  return mailer as unknown as SendEmail & { tries: number };
}
