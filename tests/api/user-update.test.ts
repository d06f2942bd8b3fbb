import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, OTHER, outcome, seedFixtures, signIn } from './fixtures.ts';

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
  { field: 'email', body: { email: 'm.russo@example.it' }, column: { email: 'm.russo@example.it' } },
  { field: 'phone', body: { phone: '3331234567' }, column: { phone: '3331234567' } },
  { field: 'locale', body: { locale: 'de-DE' }, column: { locale: 'de-DE' } },
  { field: 'fields.gender', body: { fields: { gender: 'femminile' } }, column: { gender: 'f' } },
];

describe('PUT /api/auth/user changes only what it is sent', () => {
  let cookie = '';
  const put = (body: unknown) => call('/api/auth/user', { method: 'PUT', cookie, body });
  const reset = async () => expect((await put(START)).status).toBe(200);

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
});
