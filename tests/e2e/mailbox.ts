import { expect, type APIRequestContext } from '@playwright/test';

/**
 * The local mailbox: every message the Worker sent through its EMAIL binding, as wrangler's local
 * explorer lists it while the server runs (README, "Reading e-mail locally"); emptied when the
 * server stops. The browser tests read the real messages here and follow their links.
 */
const WORKER = 'tiles-learning-platform';
const SENDING = '/cdn-cgi/local/explorer/api/local/email/sending';

export interface LocalMail {
  from: string;
  to: string[];
  subject: string;
  messageId: string;
  text: string;
  html: string;
}

interface Listed {
  from: string;
  to: string[];
  subject: string;
  messageId: string;
}

/** Every message listed, newest first: the explorer gives 25 a page unless asked, so all pages of 100 are read (an import sends hundreds). */
async function listAll(request: APIRequestContext): Promise<Listed[]> {
  const all: Listed[] = [];
  let cursor: string | undefined;
  do {
    const listing = await request.get(`${SENDING}?${new URLSearchParams({ worker: WORKER, per_page: '100', ...(cursor ? { cursor } : {}) })}`);
    expect(listing.ok(), await listing.text()).toBe(true);
    const page = (await listing.json()) as { result: Listed[]; result_info?: { has_more?: boolean; cursor?: string } };
    all.push(...page.result);
    cursor = page.result_info?.has_more ? page.result_info.cursor : undefined;
  } while (cursor);
  return all;
}

/** Every message sent to `address` so far, newest first, with its text and HTML. */
export async function mailTo(request: APIRequestContext, address: string): Promise<LocalMail[]> {
  const mine = (await listAll(request)).filter((mail) => mail.to.some((to) => to.toLowerCase() === address.toLowerCase()));
  return Promise.all(
    mine.map(async (mail) => {
      const one = await request.get(`${SENDING}?${new URLSearchParams({ email_id: mail.messageId })}`);
      const { result: body } = (await one.json()) as { result: { text?: string; html?: string } };
      return { ...mail, text: body.text ?? '', html: body.html ?? '' };
    }),
  );
}

/** Waits until `address` has received `count` messages (the outbox's queue delivers within seconds); returns them, newest first. */
export async function waitForMail(request: APIRequestContext, address: string, count = 1): Promise<LocalMail[]> {
  await expect
    .poll(async () => (await mailTo(request, address)).length, { timeout: 20_000, message: `${count} e-mail to ${address}` })
    .toBeGreaterThanOrEqual(count);
  return mailTo(request, address);
}

/** The message's button, as its reader would follow it: the first address in the plain text. */
export function linkIn(mail: LocalMail): string {
  const found = /https?:\/\/\S+/.exec(mail.text);
  if (!found) throw new Error(`no link in "${mail.subject}"`);
  return found[0];
}
