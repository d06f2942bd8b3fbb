import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PeoplePage } from '../../../core/contracts/people.ts';
import { call, EDITOR, LEARNER, outcome, seedFixtures, signIn } from '../fixtures.ts';
import { learnerEverywhere, leftNaming, rowsNaming, tables } from '../rights/erasure-check.ts';
import { seedPeople, STAFF } from './people-fixtures.ts';

let staff = '';

beforeAll(async () => {
  await seedFixtures();
  await seedPeople();
  staff = await signIn(STAFF);
});

const erase = (userId: string, cookie?: string, locale = 'it-IT') => call(`/api/staff/people/${userId}`, { method: 'DELETE', cookie, locale });
const messageOf = async (response: Response) => (await response.json<{ message: string }>()).message;

describe('staff delete a person (an erasure request, an account made by mistake)', () => {
  it('erases exactly what the owner’s own deletion erases, keeps the registry’s records, and records who did it', async () => {
    const learner = await learnerEverywhere('staff-erasure');
    const all = await tables();
    const before = new Set<string>();
    for (const table of all) if ((await rowsNaming(table, learner.needles)).length) before.add(table);
    expect([...before]).toEqual(expect.arrayContaining(['user', 'enrolment', 'session_progress', 'scorm_state', 'support_request', 'hit', 'auth_token']));

    const response = await erase(learner.id, staff);
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await outcome(response)).toEqual({ id: learner.id, deleted: true });

    expect(await leftNaming(learner, all)).toEqual({});
    expect(await env.DB.prepare('SELECT code, status, first_name, email FROM user WHERE id = ?').bind(learner.id).first()).toEqual({
      code: `deleted-${learner.id}`,
      status: 'deleted',
      first_name: '',
      email: null,
    });
    // The registry keeps the certificate as issued.
    expect(await env.DB.prepare('SELECT last_name FROM ecm_certificate WHERE user_id = ?').bind(learner.id).first()).toEqual({ last_name: learner.lastName });
    // The audit names the staff member and the deleted account's id, nothing of the person; it is not the owner's own deletion.
    const { results } = await env.DB.prepare(
      "SELECT user_id AS by, subject, created_at AS at FROM event WHERE action IN ('people', 'auth') AND variant = 'account' AND scope = 'delete' AND (subject = ?1 OR user_id = ?1)",
    )
      .bind(learner.id)
      .all<{ by: string; subject: string; at: number }>();
    expect(results).toEqual([{ by: STAFF.id, subject: learner.id, at: expect.any(Number) }]);
    // The person's sessions ended; staff no longer find them.
    expect((await call('/api/auth/user', { cookie: learner.cookie })).status).toBe(401);
    expect((await call(`/api/staff/people/${learner.id}`, { cookie: staff })).status).toBe(404);
    const found = await outcome<PeoplePage>(await call(`/api/staff/people?q=${encodeURIComponent(learner.lastName)}`, { cookie: staff }));
    expect(found.total).toBe(0);
    // The bystander is untouched.
    expect((await call('/api/auth/user', { cookie: learner.other.cookie })).status).toBe(200);

    // Deleting again: a clear refusal, never a 500.
    const again = await erase(learner.id, staff);
    expect(again.status).toBe(409);
    expect(await messageOf(again)).toBe('Questo account è già stato eliminato: non c’è più nulla da cancellare.');
    expect(await messageOf(await erase(learner.id, staff, 'en-US'))).toBe('This account has already been deleted: there is nothing left to erase.');
  });

  it('is refused to a learner (403) and a visitor (401), who delete nothing', async () => {
    const target = await learnerEverywhere('kept');
    const learner = await erase(target.id, await signIn(LEARNER));
    expect(learner.status).toBe(403);
    expect(await messageOf(learner)).toBe('Il tuo ruolo non consente questa operazione (people:manage).');
    expect((await erase(target.id)).status).toBe(401);
    expect(await env.DB.prepare('SELECT status FROM user WHERE id = ?').bind(target.id).first()).toEqual({ status: 'active' });
    expect((await call('/api/auth/user', { cookie: target.cookie })).status).toBe(200);
  });

  it('is refused for oneself, for an account with permissions the staff member lacks, and for no such person', async () => {
    const self = await erase(STAFF.id, staff);
    expect(self.status).toBe(409);
    expect(await messageOf(self)).toBe('Non puoi eliminare il tuo account da qui: usa la pagina «I tuoi dati» del tuo profilo.');
    const editor = await erase(EDITOR.id, staff);
    expect(editor.status).toBe(403);
    expect(await messageOf(editor)).toBe('Questo account ha permessi che il tuo ruolo non ha: può eliminarlo solo chi li ha.');
    expect(await env.DB.prepare('SELECT status FROM user WHERE id IN (?, ?) ORDER BY id').bind(EDITOR.id, STAFF.id).all()).toMatchObject({
      results: [{ status: 'active' }, { status: 'active' }],
    });
    const nobody = await erase('u-nessuno', staff);
    expect(nobody.status).toBe(404);
    expect(await messageOf(nobody)).toBe('Persona non trovata: u-nessuno');
  });
});
