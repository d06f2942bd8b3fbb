import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, EDITOR, LEARNER, outcome, seedFixtures, signIn, solvedBotCheck, TESTER } from '../fixtures.ts';

beforeAll(seedFixtures);

const request = {
  name: 'Anna Verdi',
  email: 'anna.verdi@example.it',
  message: 'Il video della sessione non parte.',
  c: '500',
  e: 'Errore interno',
  p: '/it-IT/course/triage',
};
const count = async () => (await env.DB.prepare('SELECT COUNT(*) AS n FROM support_request').first<{ n: number }>())?.n;

describe('the support form', () => {
  it('stores a request with the error reference after the bot check, with its audit event', async () => {
    const response = await call('/api/support', { method: 'POST', body: { ...request, altcha: await solvedBotCheck() } });
    expect(response.status).toBe(200);
    const { id } = await outcome<{ id: number }>(response);
    expect(await env.DB.prepare('SELECT name, email, error_code, error_path, locale, user_id FROM support_request WHERE id = ?').bind(id).first()).toEqual({
      name: 'Anna Verdi',
      email: 'anna.verdi@example.it',
      error_code: '500',
      error_path: '/it-IT/course/triage',
      locale: 'it-IT',
      user_id: null,
    });
    expect(await env.DB.prepare("SELECT subject FROM event WHERE action = 'support' ORDER BY id DESC").first()).toEqual({ subject: `support#${id}` });
  });

  it('refuses a request without a solved check, a replayed check, or a bad field, storing nothing', async () => {
    const before = await count();
    expect((await call('/api/support', { method: 'POST', body: request })).status).toBe(400);
    expect((await call('/api/support', { method: 'POST', body: { ...request, altcha: 'bm9wZQ==' } })).status).toBe(428);
    const payload = await solvedBotCheck();
    expect((await call('/api/support', { method: 'POST', body: { ...request, altcha: payload } })).status).toBe(200);
    const replay = await call('/api/support', { method: 'POST', body: { ...request, altcha: payload } });
    expect(replay.status).toBe(428);
    const bad = await call('/api/support', { method: 'POST', body: { ...request, email: 'non-una-mail', altcha: await solvedBotCheck() } });
    expect(bad.status).toBe(400);
    expect((await bad.json<{ message: string }>()).message).toContain('«email»');
    expect(await count()).toBe((before ?? 0) + 1);
  });

  it('refuses a name, e-mail or message with a control or invisible character, storing nothing; a message keeps its line breaks', async () => {
    const before = await count();
    for (const [field, value, character] of [
      ['name', 'Anna\u202EVerdi', 'U+202E'],
      ['email', 'anna\u200B@example.it', 'U+200B'],
      ['message', 'Il video non parte.\u0007\u0007', 'U+0007'],
      ['message', 'Il video\u000B non parte.', 'U+000B'],
    ] as const) {
      const refused = await call('/api/support', { method: 'POST', body: { ...request, [field]: value, altcha: await solvedBotCheck() } });
      expect(refused.status, value).toBe(400);
      expect((await refused.json<{ message: string }>()).message).toBe(
        `Il campo «${field}» non è valido: contiene un carattere di controllo o invisibile (${character}), non ammesso: toglilo e riprova.`,
      );
    }
    expect(await count()).toBe(before);
    const lines = 'Il video non parte.\r\n\tHo provato due volte.\nGrazie.';
    const sent = await call('/api/support', { method: 'POST', body: { ...request, message: lines, altcha: await solvedBotCheck() } });
    expect(sent.status).toBe(200);
    const { id } = await outcome<{ id: number }>(sent);
    expect(await env.DB.prepare('SELECT message FROM support_request WHERE id = ?').bind(id).first()).toEqual({ message: lines });
    // The error screen's reference is carried hidden, never typed: cleaned, not refused.
    const reference = await call('/api/support', { method: 'POST', body: { ...request, e: 'Errore\u0007\ninterno\u202E', altcha: await solvedBotCheck() } });
    expect(reference.status).toBe(200);
    const stored = await env.DB.prepare('SELECT error_message FROM support_request WHERE id = ?')
      .bind((await outcome<{ id: number }>(reference)).id)
      .first();
    expect(stored).toEqual({ error_message: 'Errore interno' });
  });

  it('lets editors read the requests, and nobody else', async () => {
    const editor = await signIn(EDITOR);
    const list = await outcome<{ requests: { name: string; c: string | null; p: string | null }[] }>(await call('/api/cms/support', { cookie: editor }));
    expect(list.requests[0]).toMatchObject({ name: 'Anna Verdi', c: '500', p: '/it-IT/course/triage' });
    expect((await call('/api/cms/support')).status).toBe(401);
    expect((await call('/api/cms/support', { cookie: await signIn(LEARNER) })).status).toBe(403);
    expect((await call('/api/cms/support', { cookie: await signIn(TESTER) })).status).toBe(403);
  });
});
