import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createFederatedUser,
  findFederatedUser,
  findUserToSignIn,
  findUserById,
  toApiUser,
  parseRoles,
  updateUser,
} from '../../../functions/data/auth/users.ts';
import { LEARNER, OTHER, seedFixtures, SITE } from '../fixtures.ts';

// Query-level tests of functions/data/auth/users.ts, on the real migrations in workerd.
beforeAll(seedFixtures);

describe('functions/data/auth/users.ts', () => {
  it('finds a user by code whatever its case, only on its own site, and by id', async () => {
    const found = await findUserToSignIn(env.DB, SITE, LEARNER.code.toUpperCase());
    expect(found?.user).toEqual({
      id: LEARNER.id,
      siteId: SITE,
      code: LEARNER.code,
      firstName: 'Giulia',
      lastName: expect.any(String),
      email: expect.toBeOneOf([expect.any(String), null]),
      phone: expect.toBeOneOf([expect.any(String), null]),
      gender: 'f',
      locale: expect.any(String),
      roles: ['learner'],
      status: 'active',
    });
    expect(found?.passwordHash).toMatch(/^pbkdf2-sha256-hmac\$/);
    expect(await findUserToSignIn(env.DB, 'another-site', LEARNER.code)).toBeNull();
    // The session's user carries no password hash, under any name.
    expect(await findUserById(env.DB, LEARNER.id)).toEqual(found?.user);
    expect(JSON.stringify(await findUserById(env.DB, LEARNER.id))).not.toMatch(/pbkdf2|password/i);
    expect(await findUserById(env.DB, 'u-nobody')).toBeNull();
  });

  it('loads the API user: no password hash, roles parsed, federations listed', async () => {
    const user = await findUserById(env.DB, OTHER.id);
    if (!user) throw new Error('fixture missing');
    expect(await toApiUser(env.DB, user)).toEqual({
      _id: OTHER.id,
      code: OTHER.code,
      firstName: 'Marco',
      lastName: 'Rossi',
      email: null,
      phone: null,
      locale: 'it-IT',
      role: ['learner'],
      fields: { gender: 'm' },
      federated: [],
      pendingEmail: null,
    });
    expect(parseRoles('["admin",3,"tester"]')).toEqual(['admin', 'tester']);
    expect(parseRoles('not json')).toEqual([]);
  });

  it('updates the editable fields and the update time, and nothing else', async () => {
    const before = await env.DB.prepare('SELECT * FROM user WHERE id = ?').bind(OTHER.id).first<Record<string, unknown>>();
    await updateUser(
      env.DB,
      OTHER.id,
      { firstName: 'Mario', lastName: 'Rossi', email: 'mario@example.it', phone: '+39061234', locale: 'de-DE', gender: 'n' },
      1_234_567,
    );
    const row = await env.DB.prepare('SELECT * FROM user WHERE id = ?').bind(OTHER.id).first<Record<string, unknown>>();
    expect(row).toMatchObject({ first_name: 'Mario', email: 'mario@example.it', phone: '+39061234', locale: 'de-DE', gender: 'n', updated_at: 1_234_567 });
    expect(row).toMatchObject({ code: before?.code, password_hash: before?.password_hash, roles: before?.roles, site_id: SITE });
  });

  it('creates a federated learner with its link in one batch, found again by provider and subject on its site only', async () => {
    const user = {
      id: 'u-data-fed',
      siteId: SITE,
      code: 'mock.sub-1',
      firstName: 'Fede',
      lastName: 'Rata',
      email: null,
      locale: 'en-US',
      provider: 'mock',
      federatedId: 'sub-1',
    };
    await createFederatedUser(env.DB, user, 42);
    const found = await findFederatedUser(env.DB, SITE, 'mock', 'sub-1');
    expect(found).toMatchObject({ id: 'u-data-fed', code: 'mock.sub-1', locale: 'en-US', roles: ['learner'] });
    expect(await findFederatedUser(env.DB, 'another-site', 'mock', 'sub-1')).toBeNull();
    expect((await toApiUser(env.DB, found!)).federated).toEqual([{ provider: 'mock', federatedId: 'sub-1' }]);
    // A second link for the same subject fails as a whole: no user without a link is left behind.
    await expect(createFederatedUser(env.DB, { ...user, id: 'u-data-fed-2', code: 'mock.sub-1b' }, 43)).rejects.toThrow();
    expect(await findUserById(env.DB, 'u-data-fed-2')).toBeNull();
  });
});
