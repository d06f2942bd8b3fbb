import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { recordHits } from '../../../functions/data/hits/hits.ts';
import { call, newSignedInLearner, seedFixtures, SITE } from '../fixtures.ts';
import { columnsOf, learnerEverywhere, leftNaming, rowsNaming, tables } from './erasure-check.ts';

beforeAll(seedFixtures);

const PASSWORD = 'Api-Learner-2026!';

/**
 * Every column that names a person (a reference to `user`, or a name, address, code or owner
 * column), with what deleting the account does to it (functions/rights/README.md says why). A
 * table added later with such a column fails the first test until it is decided here and, if it
 * is erased, in functions/data/rights/account-deletion.ts.
 */
const DECIDED: Record<string, 'erased' | 'cleared' | 'kept for the registry' | 'audit' | 'written by staff'> = {
  'user.email': 'cleared',
  'user.first_name': 'cleared',
  'user.last_name': 'cleared',
  'user.phone': 'cleared',
  'user.fiscal_code': 'cleared',
  'auth_token.user_id': 'erased',
  'email_outbox.recipient': 'erased',
  'enrolment.user_id': 'erased',
  'hit.user_id': 'erased',
  'hit_clock.owner': 'erased',
  'invitation.user_id': 'erased',
  'password_reset.user_id': 'erased',
  'person_search_row.user_id': 'erased',
  'registration_confirmation.user_id': 'erased',
  'registration_confirmation.first_name': 'erased',
  'registration_confirmation.last_name': 'erased',
  'email_change.user_id': 'erased',
  'email_change.email': 'erased',
  'scorm_state.user_id': 'erased',
  'session_position.user_id': 'erased',
  'session_progress.user_id': 'erased',
  'session_watch.user_id': 'erased',
  'stats_hourly.user_id': 'erased',
  'stats_total.user_id': 'erased',
  'support_request.user_id': 'erased',
  'support_request.email': 'erased',
  'support_request.name': 'erased',
  'user_badge.user_id': 'erased',
  'user_federation.user_id': 'erased',
  'user_level.user_id': 'erased',
  'ecm_attempt.user_id': 'kept for the registry',
  'ecm_certificate.user_id': 'kept for the registry',
  'ecm_certificate.first_name': 'kept for the registry',
  'ecm_certificate.last_name': 'kept for the registry',
  'ecm_certificate.fiscal_code': 'kept for the registry',
  'ecm_recruit.fiscal_code': 'kept for the registry',
  'ecm_satisfaction_done.user_id': 'kept for the registry',
  'event.user_id': 'audit',
  'build_request.requested_by': 'written by staff',
  'cms_draft.author_id': 'written by staff',
  'cms_version.author_id': 'written by staff',
  'course_access.updated_by': 'written by staff',
  'enrolment.enrolled_by': 'written by staff',
  'media.uploaded_by': 'written by staff',
  'media_upload.started_by': 'written by staff',
  'support_reply.user_id': 'written by staff',
};

const PERSON_COLUMNS = new Set(['user_id', 'owner', 'recipient', 'email', 'fiscal_code', 'first_name', 'last_name', 'phone', 'author_id']);

describe('deleting an account leaves nothing personal outside what the registry requires', () => {
  it('has decided, for every column of every table that can name a person, what deletion does to it', async () => {
    const undecided: string[] = [];
    for (const table of await tables()) {
      for (const column of await columnsOf(table)) {
        const names = column.references === 'user' || PERSON_COLUMNS.has(column.name) || column.name.endsWith('_by');
        if (names && !DECIDED[`${table}.${column.name}`]) undecided.push(`${table}.${column.name}`);
      }
    }
    expect(undecided).toEqual([]);
  });

  it('reads every table for the deleted id, code, address, name, phone and fiscal code: only the registry, the audit trail and the tombstone remain', async () => {
    const learner = await learnerEverywhere();
    const all = await tables();
    // Before, the person is found in every kind of table the test filled: the search reaches them.
    const before = new Set<string>();
    for (const table of all) if ((await rowsNaming(table, learner.needles)).length) before.add(table);
    expect([...before]).toEqual(
      expect.arrayContaining([
        'user',
        'auth_token',
        'email_outbox',
        'support_request',
        'support_reply',
        'scorm_state',
        'sign_in_throttle',
        'password_attempt',
        'event',
      ]),
    );

    const deleted = await call('/api/auth/user/delete', { method: 'POST', cookie: learner.cookie, body: { confirm: PASSWORD } });
    expect(deleted.status).toBe(200);
    // A hit the API accepted before the deletion, written by the queue's consumer after it, writes nothing.
    const late = { receipt: `late-${learner.id}`, siteId: SITE, userId: learner.id, identity: 'tab-erasure', ua: 'vitest', origin: 'web' };
    await recordHits(env.DB, [
      { ...late, path: '/it-IT/course/triage', claimedMs: 30_000, device: 'desktop', course: 'triage', module: 1, session: 1, at: Date.now() },
    ]);

    expect(await leftNaming(learner, all)).toEqual({});

    // The tombstone names no one: only its id, in its code.
    const tombstone = await env.DB.prepare('SELECT * FROM user WHERE id = ?').bind(learner.id).first<Record<string, unknown>>();
    expect(tombstone).toMatchObject({
      code: `deleted-${learner.id}`,
      status: 'deleted',
      first_name: '',
      last_name: '',
      email: null,
      phone: null,
      employment: null,
    });
    // The browser's events went; the audit events stayed, the mode switch without the user agent.
    const events = await env.DB.prepare('SELECT action, ua FROM event WHERE user_id = ? ORDER BY id').bind(learner.id).all<{ action: string; ua: string }>();
    expect(events.results.map((event) => event.action)).not.toContain('video');
    expect(events.results).toEqual(
      expect.arrayContaining([
        { action: 'auth', ua: 'server' },
        { action: 'cms', ua: '' },
      ]),
    );
    // What the registry needs stays, as issued.
    expect(await env.DB.prepare('SELECT last_name FROM ecm_certificate WHERE user_id = ?').bind(learner.id).first()).toEqual({ last_name: learner.lastName });
    // Another person's request, and the other learner, are untouched.
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM support_request WHERE email = 'anna.verdi@example.it'").first()).toEqual({ n: 1 });
    expect((await call('/api/auth/user', { cookie: learner.other.cookie })).status).toBe(200);
  });

  it('does not delete when the address changed between the confirmation and the batch', async () => {
    const learner = await newSignedInLearner('moved');
    await env.DB.prepare('UPDATE user SET email = ? WHERE id = ?').bind(`${learner.id}@example.it`, learner.id).run();
    const { deleteAccount } = await import('../../../functions/data/rights/account-deletion.ts');
    const { passwordHash } = (await env.DB.prepare('SELECT password_hash AS passwordHash FROM user WHERE id = ?')
      .bind(learner.id)
      .first<{ passwordHash: string }>()) ?? {
      passwordHash: '',
    };
    const stale = { siteId: SITE, userId: learner.id, code: 'x', email: 'before@example.it', passwordHash, now: Date.now() };
    expect(await deleteAccount(env.DB, stale)).toBe(false);
    expect(await env.DB.prepare('SELECT status FROM user WHERE id = ?').bind(learner.id).first()).toEqual({ status: 'active' });
  });
});
