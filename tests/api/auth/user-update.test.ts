import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, OTHER, outcome, seedFixtures, signIn } from '../fixtures.ts';

beforeAll(seedFixtures);

const COLUMNS = 'first_name, last_name, email, phone, locale, gender';
type Row = Record<string, string | null>;
const stored = async () => (await env.DB.prepare(`SELECT ${COLUMNS} FROM user WHERE id = ?`).bind(OTHER.id).first<Row>()) as Row;

const START = {
  firstName: 'Marco',
  lastName: 'Rossi',
  email: 'marco.rossi@example.it',
  phone: '+390611111111',
  locale: 'it-IT',
  fields: { gender: 'maschile' },
};
const START_ROW = { first_name: 'Marco', last_name: 'Rossi', email: 'marco.rossi@example.it', phone: '+390611111111', locale: 'it-IT', gender: 'm' };

/** Each field of the body, a new value for it, and the column that value lands in. */
const FIELDS: { field: string; body: Record<string, unknown>; column: Row }[] = [
  { field: 'firstName', body: { firstName: 'Marcello' }, column: { first_name: 'Marcello' } },
  { field: 'lastName', body: { lastName: 'Russo' }, column: { last_name: 'Russo' } },
  // A new address waits for its link (tests/api/auth/email-change.test.ts): the stored one stays.
  { field: 'email', body: { email: 'm.russo@example.it' }, column: {} },
  { field: 'phone', body: { phone: '3331234567' }, column: { phone: '3331234567' } },
  { field: 'locale', body: { locale: 'de-DE' }, column: { locale: 'de-DE' } },
  { field: 'fields.gender', body: { fields: { gender: 'femminile' } }, column: { gender: 'f' } },
];

describe('PUT /api/auth/user changes only what it is sent', () => {
  let cookie = '';
  const put = (body: unknown) => call('/api/auth/user', { method: 'PUT', cookie, body });
  const reset = async () => {
    // The address as an account holds it after a confirmed change, with no change pending (nor counted).
    await env.DB.batch([
      env.DB.prepare('DELETE FROM email_change WHERE user_id = ?').bind(OTHER.id),
      env.DB.prepare('UPDATE user SET email = ? WHERE id = ?').bind(START.email, OTHER.id),
    ]);
    expect((await put(START)).status).toBe(200);
  };

  beforeAll(async () => {
    cookie = await signIn(OTHER);
  });

  for (const { field, body, column } of FIELDS) {
    it(`a PUT with only ${field} changes that field and nothing else`, async () => {
      await reset();
      const response = await put(body);
      expect(response.status).toBe(200);
      expect(await stored()).toEqual({ ...START_ROW, ...column });
    });

    it(`a PUT without ${field} keeps its stored value while the others change`, async () => {
      await reset();
      const others = Object.assign({}, ...FIELDS.filter((other) => other.field !== field).map((other) => other.body));
      const expected = Object.assign({ ...START_ROW }, ...FIELDS.filter((other) => other.field !== field).map((other) => other.column));
      expect((await put(others)).status).toBe(200);
      expect(await stored()).toEqual(expected);
    });
  }

  it('an empty PUT changes nothing and answers the stored user', async () => {
    await reset();
    const user = await outcome<{ firstName: string; email: string | null; fields: { gender: string } }>(await put({}));
    expect(user).toMatchObject({ firstName: 'Marco', email: 'marco.rossi@example.it', fields: { gender: 'm' } });
    expect(await stored()).toEqual(START_ROW);
  });

  it('clears e-mail and phone with "" or null, and refuses to clear a name', async () => {
    await reset();
    expect((await put({ email: '' })).status).toBe(200);
    expect(await stored()).toEqual({ ...START_ROW, email: null });
    expect((await put({ phone: null })).status).toBe(200);
    expect(await stored()).toEqual({ ...START_ROW, email: null, phone: null });
    const refused = await put({ lastName: '' });
    expect(refused.status).toBe(400);
    expect((await refused.json<{ message: string }>()).message).toContain('«lastName»');
    expect(await stored()).toEqual({ ...START_ROW, email: null, phone: null });
  });

  it('an empty fields object leaves the gender as it is', async () => {
    await reset();
    expect((await put({ fields: {} })).status).toBe(200);
    expect((await stored()).gender).toBe('m');
  });

  it("refuses a name, e-mail or phone with a control or invisible character, saying so in the caller's language", async () => {
    await reset();
    const cases: [Record<string, string>, string, string][] = [
      [{ firstName: 'Mar\u0007co' }, 'firstName', 'U+0007'],
      [{ lastName: '\u202Eissor' }, 'lastName', 'U+202E'],
      [{ lastName: 'Ros\u200Bsi' }, 'lastName', 'U+200B'],
      [{ email: 'marco\u2066@example.it' }, 'email', 'U+2066'],
      [{ phone: '+39\u00000611' }, 'phone', 'U+0000'],
    ];
    for (const [body, field, character] of cases) {
      const refused = await put(body);
      expect(refused.status, field).toBe(400);
      expect((await refused.json<{ message: string }>()).message).toBe(
        `Il campo «${field}» non è valido: contiene un carattere di controllo o invisibile (${character}), non ammesso: toglilo e riprova.`,
      );
    }
    const english = await call('/api/auth/user', { method: 'PUT', cookie, body: { firstName: 'Marco\u202E' }, locale: 'en-US' });
    expect((await english.json<{ message: string }>()).message).toBe(
      'The field "firstName" is invalid: it contains a control or invisible character (U+202E), which is not allowed: remove it and try again.',
    );
    const german = await call('/api/auth/user', { method: 'PUT', cookie, body: { lastName: 'Rossi\u0085' }, locale: 'de-DE' });
    expect((await german.json<{ message: string }>()).message).toContain('enthält ein Steuer- oder unsichtbares Zeichen (U+0085)');
    expect(await stored()).toEqual(START_ROW);
  });
});
