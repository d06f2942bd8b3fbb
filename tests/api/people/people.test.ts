import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { peopleQuery, type PeoplePage, type PersonDetail } from '../../../core/contracts/people.ts';
import { call, EDITOR, LEARNER, outcome, seedFixtures, signIn, SITE, TESTER } from '../fixtures.ts';
import { CONTENT_EDITOR, seedPeople, STAFF } from './people-fixtures.ts';

let staff = '';

beforeAll(async () => {
  await seedFixtures();
  await seedPeople();
  staff = await signIn(STAFF);
});

const search = async (query: string, cookie = staff): Promise<PeoplePage> => {
  const response = await call(`/api/staff/people${query}`, { cookie });
  expect(response.status, await response.clone().text()).toBe(200);
  return outcome<PeoplePage>(response);
};
const codes = (page: PeoplePage) => page.people.map((person) => person.code);

describe('people:manage', () => {
  const staffCalls: [string, string][] = [
    ['GET', '/api/staff/people'],
    ['GET', '/api/staff/people/u-pp-anna'],
    ['POST', '/api/staff/people/u-pp-anna/suspend'],
    ['POST', '/api/staff/people/u-pp-anna/reactivate'],
    ['DELETE', '/api/staff/people/u-pp-anna'],
    ['GET', '/api/staff/people/u-pp-anna/courses'],
    ['GET', '/api/staff/people/u-pp-anna/courses.csv'],
    ['GET', '/api/staff/courses'],
    ['GET', '/api/staff/courses/triage/access'],
    ['POST', '/api/staff/courses/triage/key'],
    ['DELETE', '/api/staff/courses/triage/key'],
    ['GET', '/api/staff/courses/triage/learners'],
    ['GET', '/api/staff/courses/triage/learners.csv'],
    ['PUT', '/api/staff/courses/triage/enrolments/u-pp-anna'],
    ['DELETE', '/api/staff/courses/triage/enrolments/u-pp-anna'],
  ];

  it('refuses learners, testers and a content editor without it (403, naming the permission), and visitors (401)', async () => {
    for (const user of [LEARNER, TESTER, CONTENT_EDITOR]) {
      const cookie = await signIn(user);
      for (const [method, path] of staffCalls) {
        const response = await call(path, { method, cookie });
        expect(response.status, `${user.code} ${method} ${path}`).toBe(403);
        expect((await response.json<{ message: string }>()).message).toBe('Il tuo ruolo non consente questa operazione (people:manage).');
      }
    }
    for (const [method, path] of staffCalls) expect((await call(path, { method })).status, `${method} ${path}`).toBe(401);
    const access = await call('/api/staff/courses/triage/access', { method: 'PUT', cookie: await signIn(LEARNER), body: { mode: 'closed' } });
    expect(access.status).toBe(403);
    const mode = await env.DB.prepare("SELECT mode FROM course_access WHERE course_id = 'triage'").first();
    expect(mode).toBeNull();
  });

  it('is granted to the secretary role and to editors (admin)', async () => {
    expect(codes(await search('?q=anna%20ferrari'))).toEqual(['anna.ferrari']);
    expect(codes(await search('?q=anna%20ferrari', await signIn(EDITOR)))).toEqual(['anna.ferrari']);
  });
});

describe('GET /api/staff/people', () => {
  it('finds a person by the start of their first or last name, in any case and without accents', async () => {
    expect(codes(await search('?q=Nicol'))).toEqual(['n.dannunzio']);
    expect(codes(await search('?q=nicolo'))).toEqual(['n.dannunzio']);
    expect(codes(await search('?q=dannun'))).toEqual(['n.dannunzio']);
    expect(codes(await search(`?q=${encodeURIComponent('müller')}`))).toEqual(['greta.muller']);
    expect(codes(await search('?q=ludensch'))).toEqual(['greta.muller']);
    // A word finds the words it starts ("ferrari" finds Ferraris too); every word must match, in any order.
    expect(codes(await search('?q=ferr'))).toEqual(['anna.ferrari', 'luca.ferraris']);
    expect(codes(await search('?q=ferrari'))).toEqual(['anna.ferrari', 'luca.ferraris']);
    expect(codes(await search('?q=ferr%20anna'))).toEqual(['anna.ferrari']);
  });

  it('finds a person by e-mail, whole or its start, by user code and by codice fiscale', async () => {
    expect(codes(await search(`?q=${encodeURIComponent('anna.ferrari@ospedale.example.it')}`))).toEqual(['anna.ferrari']);
    expect(codes(await search(`?q=${encodeURIComponent('l.ferraris@')}`))).toEqual(['luca.ferraris']);
    expect(codes(await search('?q=luca.ferraris'))).toEqual(['luca.ferraris']);
    expect(codes(await search('?q=MLLGRT90D45Z112K'))).toEqual(['greta.muller']);
    expect(codes(await search('?q=frrnna85'))).toEqual(['anna.ferrari']);
  });

  it('answers a page of people in name order, with the fields staff see and never a password', async () => {
    const page = await search('?q=ferr');
    expect(page).toMatchObject({ total: 2, page: 1, pages: 1, pageSize: 25 });
    expect(page.people[0]).toEqual({
      id: 'u-pp-anna',
      code: 'anna.ferrari',
      firstName: 'Anna',
      lastName: 'Ferrari',
      email: 'anna.ferrari@ospedale.example.it',
      fiscalCode: 'FRRNNA85M41F205Z',
      status: 'active',
      lastSignInAt: null,
    });
    expect(JSON.stringify(page)).not.toContain('password');
  });

  it('finds nobody for words nobody has, and for what cannot be searched, without FTS5 reading it as syntax', async () => {
    for (const q of ['zzzz', '"', '*', 'NEAR(', '%', '🧨', "' OR '1'='1", 'ferrari*zzz']) {
      expect((await search(`?q=${encodeURIComponent(q)}`)).total, q).toBe(0);
    }
    // OR is a word like any other (here the start of Luca's "example.org"), not an alternative.
    expect(codes(await search(`?q=${encodeURIComponent('"ferrari" OR "luca"')}`))).toEqual(['luca.ferraris']);
    expect((await call('/api/staff/people?q=a%00b', { cookie: staff })).status).toBe(400);
    expect((await call(`/api/staff/people?q=${'x'.repeat(101)}`, { cookie: staff })).status).toBe(400);
  });

  it('filters by status and by course (enrolled, or started it)', async () => {
    await env.DB.prepare("UPDATE user SET status = 'suspended' WHERE id = 'u-pp-luca'").run();
    expect(codes(await search('?q=ferr&status=suspended'))).toEqual(['luca.ferraris']);
    expect(codes(await search('?q=ferr&status=active'))).toEqual(['anna.ferrari']);
    // An empty status (the form's "any") is no filter.
    expect(codes(await search('?q=ferr&status='))).toEqual(['anna.ferrari', 'luca.ferraris']);
    expect((await call('/api/staff/people?status=gone', { cookie: staff })).status).toBe(400);
    await env.DB.prepare("UPDATE user SET status = 'active' WHERE id = 'u-pp-luca'").run();
  });

  it('filters by each state: invited, pending confirmation, active, suspended, each person in exactly one', async () => {
    const states = ['invited', 'pending', 'active', 'suspended'] as const;
    await env.DB.batch([
      env.DB.prepare("UPDATE user SET status = 'invited' WHERE id = 'u-pp-nicolo'"),
      env.DB.prepare("UPDATE user SET registration_pending = 1 WHERE id = 'u-pp-luca'"),
      env.DB.prepare("UPDATE user SET status = 'suspended', suspended_from = 'active' WHERE id = 'u-pp-greta'"),
    ]);
    try {
      const expected: Record<string, (typeof states)[number]> = {
        'n.dannunzio': 'invited',
        'luca.ferraris': 'pending',
        'anna.ferrari': 'active',
        'greta.muller': 'suspended',
      };
      for (const [code, state] of Object.entries(expected)) {
        for (const filter of states) {
          const page = await search(`?${new URLSearchParams({ q: code, status: filter })}`);
          expect(codes(page).includes(code), `${code} under ${filter}`).toBe(filter === state);
          expect(page.people.every((person) => person.status === filter)).toBe(true);
        }
      }
      // The list shows each person's state as the filter names it.
      const listed = await search('?q=ferraris');
      expect(listed.people.map((person) => [person.code, person.status])).toEqual([['luca.ferraris', 'pending']]);
    } finally {
      await env.DB.batch([
        env.DB.prepare("UPDATE user SET status = 'active' WHERE id = 'u-pp-nicolo'"),
        env.DB.prepare("UPDATE user SET registration_pending = 0 WHERE id = 'u-pp-luca'"),
        env.DB.prepare("UPDATE user SET status = 'active', suspended_from = NULL WHERE id = 'u-pp-greta'"),
      ]);
    }

    const now = Date.now();
    await env.DB.batch([
      env.DB.prepare("INSERT INTO enrolment VALUES ('u-pp-anna', 'triage', ?, 'u-api-staff', 'staff')").bind(now),
      env.DB.prepare("INSERT INTO session_progress VALUES ('u-pp-greta', 'triage', 1, 1, ?)").bind(now),
    ]);
    expect(codes(await search('?course=triage'))).toEqual(['anna.ferrari', 'greta.muller']);
    expect(codes(await search('?course=triage&q=greta'))).toEqual(['greta.muller']);
    expect((await search('?course=nessuno')).total).toBe(0);
  });

  it('pages through everyone in name order, and the count stays the whole', async () => {
    const all = await search('');
    const total = (await env.DB.prepare('SELECT COUNT(*) AS n FROM user WHERE site_id = ?').bind(SITE).first<{ n: number }>())?.n ?? 0;
    expect(all.total).toBe(total);
    const ordered = all.people.map((person) => `${person.lastName} ${person.firstName}`.toLowerCase());
    expect(ordered).toEqual([...ordered].sort((a, b) => a.localeCompare(b, 'en')));
    // 30 more people: two pages of 25.
    const now = Date.now();
    await env.DB.batch(
      Array.from({ length: 30 }, (_, i) =>
        env.DB.prepare(
          "INSERT INTO user (id, site_id, code, first_name, last_name, gender, locale, roles, created_at, updated_at) VALUES (?, ?, ?, 'Paginato', ?, 'n', 'it-IT', '[\"learner\"]', ?, ?)",
        ).bind(`u-page-${i}`, SITE, `pagina.${i}`, `Zeta${String(i).padStart(2, '0')}`, now, now),
      ),
    );
    const first = await search('?q=paginato');
    expect(first).toMatchObject({ total: 30, page: 1, pages: 2 });
    expect(first.people).toHaveLength(25);
    const second = await search('?q=paginato&page=2');
    expect(second.people.map((person) => person.lastName)).toEqual(['Zeta25', 'Zeta26', 'Zeta27', 'Zeta28', 'Zeta29']);
    expect((await search('?q=paginato&page=3')).people).toEqual([]);
    expect((await call('/api/staff/people?page=0', { cookie: staff })).status).toBe(400);
  });

  it('reads its query through one contract: words, status and course are optional, a page number is a positive integer', () => {
    expect(peopleQuery.parse({})).toEqual({ q: '', page: 1 });
    expect(peopleQuery.parse({ q: '  anna ', status: '', course: '', page: '2' })).toEqual({ q: 'anna', page: 2 });
  });
});

describe('GET /api/staff/people/{userId}', () => {
  it("shows a person's account: codes, contacts, roles, status, dates and identity providers", async () => {
    await env.DB.prepare("INSERT OR IGNORE INTO user_federation VALUES ('medikey', 'mk-anna', 'u-pp-anna', ?)").bind(Date.now()).run();
    const person = await outcome<PersonDetail>(await call('/api/staff/people/u-pp-anna', { cookie: staff }));
    expect(person).toMatchObject({
      id: 'u-pp-anna',
      code: 'anna.ferrari',
      fiscalCode: 'FRRNNA85M41F205Z',
      roles: ['learner'],
      status: 'active',
      providers: ['medikey'],
      phone: null,
      resumesAs: null,
    });
    expect(person.createdAt).toBeGreaterThan(0);
    // A registration not yet confirmed by its e-mail's link is a state of its own, in the person and in the list.
    await env.DB.prepare("UPDATE user SET registration_pending = 1 WHERE id = 'u-pp-luca'").run();
    expect((await outcome<PersonDetail>(await call('/api/staff/people/u-pp-luca', { cookie: staff }))).status).toBe('pending');
    expect((await search('?q=luca%20ferraris')).people.map((person) => person.status)).toEqual(['pending']);
    await env.DB.prepare("UPDATE user SET registration_pending = 0 WHERE id = 'u-pp-luca'").run();
  });

  it('is a 404 for an unknown person or one of another site', async () => {
    const response = await call('/api/staff/people/u-nessuno', { cookie: staff });
    expect(response.status).toBe(404);
    expect((await response.json<{ message: string }>()).message).toBe('Persona non trovata: u-nessuno');
    const now = Date.now();
    await env.DB.batch([
      env.DB.prepare(
        "INSERT OR IGNORE INTO site (id, nice_name, logo, default_locale, supported_locales) VALUES ('other-site', 'Altro', 'tiles.svg', 'it-IT', '[\"it-IT\"]')",
      ),
      env.DB.prepare(
        "INSERT OR IGNORE INTO user (id, site_id, code, first_name, last_name, gender, locale, roles, created_at, updated_at) VALUES ('u-other-site', 'other-site', 'altro', 'Anna', 'Altrove', 'f', 'it-IT', '[\"learner\"]', ?, ?)",
      ).bind(now, now),
    ]);
    expect((await call('/api/staff/people/u-other-site', { cookie: staff })).status).toBe(404);
    expect(codes(await search('?q=altrove'))).toEqual([]);
  });
});
