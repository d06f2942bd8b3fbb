import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { supportPage, supportRequest } from '../../../core/contracts/support.ts';
import { createSupportRequest } from '../../../functions/data/support/requests.ts';
import { supportMessage } from '../../../functions/support/messages.ts';
import { call, EDITOR, LEARNER, outcome, seedFixtures, seedMailStrings, signIn, SITE, TESTER } from '../fixtures.ts';
import { mailTo, waitForMail } from '../mailbox.ts';

// Staff read support requests a page at a time and answer them by e-mail through the outbox;
// a closed request takes no reply until it is reopened.
beforeAll(async () => {
  await seedFixtures();
  await seedMailStrings();
});

let serial = 0;
async function newRequest(locale = 'en-US') {
  serial += 1;
  const email = `sender.${serial}.${Date.now()}@example.it`;
  const id = await createSupportRequest(env.DB, {
    name: 'Lucia Ferri',
    email,
    message: 'The video of session 2 does not start.',
    c: null,
    e: null,
    p: null,
    r: null,
    siteId: SITE,
    locale,
    userId: null,
    now: Date.now(),
  });
  return { id, email };
}
const errorOf = async (response: Response) => (await response.json<{ message: string }>()).message;
const outboxRows = async () => (await env.DB.prepare('SELECT COUNT(*) AS n FROM email_outbox').first<{ n: number }>())?.n ?? 0;

describe('support requests for staff', () => {
  it('pages the list, newest first, all or by status', async () => {
    const editor = await signIn(EDITOR);
    for (let i = 0; i < 22; i += 1) await newRequest();
    const first = supportPage.parse(await outcome(await call('/api/cms/support', { cookie: editor })));
    expect(first.requests).toHaveLength(20);
    expect(first.pages).toBe(Math.ceil(first.total / 20));
    expect(first.requests[0]!.id).toBeGreaterThan(first.requests[19]!.id);
    const second = supportPage.parse(await outcome(await call('/api/cms/support?page=2', { cookie: editor })));
    expect(second.page).toBe(2);
    expect(second.requests[0]!.id).toBeLessThan(first.requests[19]!.id);
    const closed = supportPage.parse(await outcome(await call('/api/cms/support?status=closed', { cookie: editor })));
    expect(closed.requests.every((request) => request.status === 'closed')).toBe(true);
    expect((await call('/api/cms/support?page=0', { cookie: editor })).status).toBe(400);
    expect((await call('/api/cms/support?status=lost', { cookie: editor })).status).toBe(400);
  });

  it('replies by e-mail in the sender’s language, stores the reply and marks the request answered', async () => {
    const editor = await signIn(EDITOR);
    const { id, email } = await newRequest('en-US');
    const answered = await call(`/api/cms/support/${id}/reply`, {
      method: 'POST',
      cookie: editor,
      body: { message: 'Please try again now:\nwe fixed the video.' },
    });
    expect(answered.status).toBe(200);
    const request = supportRequest.parse(await outcome(answered));
    expect(request).toMatchObject({ id, status: 'answered', replies: [{ message: 'Please try again now:\nwe fixed the video.', by: 'Edoardo Prova' }] });
    const [mail] = await waitForMail(email);
    expect(mail?.subject).toBe(`Tiles Test: a reply to your request no. ${id}`);
    expect(mail?.text).toContain('Please try again now:\nwe fixed the video.');
    expect(mail?.text).toContain('You wrote: "The video of session 2 does not start."');
    expect(mail?.text).toContain('http://localhost/en-US/assistenza');
  });

  it('closes with a reply, then refuses another reply (nothing stored, nothing sent) until reopened', async () => {
    const editor = await signIn(EDITOR);
    const { id, email } = await newRequest('it-IT');
    const closing = await call(`/api/cms/support/${id}/reply`, { method: 'POST', cookie: editor, body: { message: 'Risolto.', close: true } });
    expect(supportRequest.parse(await outcome(closing)).status).toBe('closed');
    await waitForMail(email);
    const before = await outboxRows();
    const refused = await call(`/api/cms/support/${id}/reply`, { method: 'POST', cookie: editor, body: { message: 'Ancora una cosa.' } });
    expect(refused.status).toBe(409);
    expect(await errorOf(refused)).toBe(supportMessage('supportRequestClosed', 'it', { id }));
    expect(await outboxRows()).toBe(before);
    expect((await env.DB.prepare('SELECT COUNT(*) AS n FROM support_reply WHERE request_id = ?').bind(id).first<{ n: number }>())?.n).toBe(1);

    const twice = await call(`/api/cms/support/${id}/status`, { method: 'PUT', cookie: editor, body: { status: 'closed' } });
    expect(twice.status).toBe(409);
    const reopened = await call(`/api/cms/support/${id}/status`, { method: 'PUT', cookie: editor, body: { status: 'open' } });
    // It was answered once: reopening brings it back to answered, and it takes replies again.
    expect(supportRequest.parse(await outcome(reopened)).status).toBe('answered');
    expect((await call(`/api/cms/support/${id}/reply`, { method: 'POST', cookie: editor, body: { message: 'Ancora una cosa.' } })).status).toBe(200);
    await waitForMail(email, 2);
    expect(mailTo(email)).toHaveLength(2);
  });

  it('refuses "answered" without a reply, an empty reply, an unknown request, and anyone without support:read', async () => {
    const editor = await signIn(EDITOR);
    const { id } = await newRequest();
    const answeredByHand = await call(`/api/cms/support/${id}/status`, { method: 'PUT', cookie: editor, body: { status: 'answered' } });
    expect(answeredByHand.status).toBe(400);
    expect(await errorOf(answeredByHand)).toBe(supportMessage('supportStatusAnswered', 'it'));
    expect((await call(`/api/cms/support/${id}/reply`, { method: 'POST', cookie: editor, body: { message: ' ' } })).status).toBe(400);
    const unknown = await call('/api/cms/support/99999999/reply', { method: 'POST', cookie: editor, body: { message: 'Ciao.' } });
    expect(unknown.status).toBe(404);
    expect(await errorOf(unknown)).toBe(supportMessage('supportRequestNotFound', 'it', { id: 99999999 }));
    for (const user of [LEARNER, TESTER]) {
      const cookie = await signIn(user);
      expect((await call(`/api/cms/support/${id}/reply`, { method: 'POST', cookie, body: { message: 'Ciao.' } })).status).toBe(403);
      expect((await call(`/api/cms/support/${id}/status`, { method: 'PUT', cookie, body: { status: 'closed' } })).status).toBe(403);
    }
    expect((await call(`/api/cms/support/${id}/reply`, { method: 'POST', body: { message: 'Ciao.' } })).status).toBe(401);
  });
});
