import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE_PERMISSIONS } from '../../../core/permissions.ts';
import { eventIfChangedStatement, eventStatement, recordClientEvent } from '../../../functions/data/events.ts';
import { rememberFederatedLogin, takeFederatedLogin } from '../../../functions/data/auth/federated-logins.ts';
import { findRole, loadPermissions } from '../../../functions/data/auth/roles.ts';
import { findBoilerplate, findContentVersion, findLocales, findSite, findStrings } from '../../../functions/data/site/sites.ts';
import { loadSiteFacts } from '../../../functions/data/site/site-facts.ts';
import { listTags } from '../../../functions/data/site/tags.ts';
import { EDITOR, seedFixtures, SITE } from '../fixtures.ts';

// Query-level tests of the smaller data modules: site, tags, roles, events, federated sign-ins.
beforeAll(seedFixtures);

describe('functions/data/site/sites.ts, tags.ts and site-facts.ts', () => {
  // Workers keep the page context (site, locales, strings) while this counter stands still: any
  // change a page could show must move it, or pages would show the old text until a restart.
  it('moves the content version with every change to a string, a site or a locale, and with nothing else', async () => {
    const moves = async (statement: string) => {
      const before = await findContentVersion(env.DB);
      await env.DB.prepare(statement).run();
      return (await findContentVersion(env.DB)) - before;
    };
    expect(await moves(`INSERT INTO boilerplate VALUES ('${SITE}', 'test.version', 'it-IT', 'Uno')`)).toBe(1);
    expect(await moves(`UPDATE boilerplate SET text = 'Due' WHERE key = 'test.version'`)).toBe(1);
    expect(await moves(`DELETE FROM boilerplate WHERE key = 'test.version'`)).toBe(1);
    expect(await moves(`UPDATE site SET logo = 'other.svg' WHERE id = '${SITE}'`)).toBe(1);
    expect(await moves(`UPDATE site SET logo = 'tiles.svg' WHERE id = '${SITE}'`)).toBe(1);
    expect(await moves(`UPDATE locale SET name = 'Deutsch' WHERE code = 'de-DE'`)).toBe(1);
    expect(await moves(`UPDATE boilerplate SET text = text WHERE key = 'nothing.here'`)).toBe(0);
    expect(await moves(`INSERT OR REPLACE INTO meta VALUES ('unrelated', 'x')`)).toBe(0);
  });

  it('reads the site, its locales in the order asked, its strings and its facts', async () => {
    expect(await findSite(env.DB, SITE)).toEqual({
      _id: SITE,
      niceName: 'Tiles Test',
      logo: 'tiles.svg',
      defaultLocale: 'it-IT',
      supportedLocale: ['it-IT', 'en-US', 'de-DE'],
    });
    expect(await findSite(env.DB, 'nowhere')).toBeNull();
    expect((await findLocales(env.DB, ['de-DE', 'it-IT', 'xx-XX'])).map((l) => l.code)).toEqual(['de-DE', 'it-IT']);
    expect(await findBoilerplate(env.DB, SITE)).toContainEqual({ key: 'nav.home', translations: { 'de-DE': 'Startseite', 'en-US': 'Home', 'it-IT': 'Home' } });
    expect(await findStrings(env.DB, SITE, 'de-DE')).toMatchObject({ 'nav.home': 'Startseite' });
    expect(await loadSiteFacts(env.DB, SITE)).toEqual({ courses: 1, seededAt: null });
    await env.DB.prepare("INSERT OR REPLACE INTO meta VALUES ('seeded_at', '2026-01-01T00:00:00.000Z')").run();
    expect((await loadSiteFacts(env.DB, SITE)).seededAt).toBe('2026-01-01T00:00:00.000Z');
  });

  it('names category tags in the locale, else the default locale, else by id', async () => {
    expect(await listTags(env.DB, SITE, 'en-US', 'category')).toEqual([
      { _id: 'cat-rischio', name: 'Clinical risk' },
      { _id: 'cat-privacy', name: 'Privacy' },
    ]);
    expect(await listTags(env.DB, SITE, 'en-US', 'other')).toEqual([]);
  });
});

describe('functions/data/auth/roles.ts', () => {
  it('reads a role and the union of the permissions of several', async () => {
    expect(await findRole(env.DB, 'tester')).toEqual({ _id: 'tester', name: 'Collaudatore', mode: 'tester', permissions: ROLE_PERMISSIONS.tester });
    expect(await findRole(env.DB, 'nobody')).toBeNull();
    expect([...(await loadPermissions(env.DB, ['learner', 'tester']))].sort()).toEqual(
      [...new Set([...ROLE_PERMISSIONS.learner, ...ROLE_PERMISSIONS.tester])].sort(),
    );
    expect(await loadPermissions(env.DB, [])).toEqual(new Set());
  });
});

describe('functions/data/events.ts', () => {
  it('writes audit events as the server and client events as sent, with the time given', async () => {
    const id = await recordClientEvent(env.DB, {
      siteId: SITE,
      userId: EDITOR.id,
      ua: 'UA',
      origin: 'web',
      type: 'event',
      action: 'cms',
      variant: 'mode',
      scope: 'admin',
      subject: null,
      now: 7_000,
    });
    expect(await env.DB.prepare('SELECT ua, action, variant, scope, subject, created_at FROM event WHERE id = ?').bind(id).first()).toEqual({
      ua: 'UA',
      action: 'cms',
      variant: 'mode',
      scope: 'admin',
      subject: null,
      created_at: 7_000,
    });
    await eventStatement(env.DB, SITE, null, 'auth.logout.all', 'every device', 8_000).run();
    expect(await env.DB.prepare('SELECT ua, user_id, action, variant, scope, subject FROM event WHERE created_at = 8000').first()).toEqual({
      ua: 'server',
      user_id: null,
      action: 'auth',
      variant: 'logout',
      scope: 'all',
      subject: 'every device',
    });
  });
});

describe('functions/data/auth/federated-logins.ts', () => {
  it('takes a remembered sign-in once, for its provider and site, before it expires', async () => {
    await rememberFederatedLogin(env.DB, { nonce: 'n-1', provider: 'mock', siteId: SITE }, 10_000, 1_000);
    await rememberFederatedLogin(env.DB, { nonce: 'n-2', provider: 'mock', siteId: SITE }, 10_000, 1_000);
    expect(await takeFederatedLogin(env.DB, { nonce: 'n-1', provider: 'other', siteId: SITE }, 2_000)).toBe(false);
    expect(await takeFederatedLogin(env.DB, { nonce: 'n-1', provider: 'mock', siteId: 'another-site' }, 2_000)).toBe(false);
    expect(await takeFederatedLogin(env.DB, { nonce: 'n-1', provider: 'mock', siteId: SITE }, 2_000)).toBe(true);
    expect(await takeFederatedLogin(env.DB, { nonce: 'n-1', provider: 'mock', siteId: SITE }, 2_000)).toBe(false);
    expect(await takeFederatedLogin(env.DB, { nonce: 'n-2', provider: 'mock', siteId: SITE }, 10_000)).toBe(false);
    // Starting another sign-in clears the expired ones.
    await rememberFederatedLogin(env.DB, { nonce: 'n-3', provider: 'mock', siteId: SITE }, 30_000, 20_000);
    expect((await env.DB.prepare("SELECT nonce FROM federated_login WHERE nonce LIKE 'n-%' ORDER BY nonce").all()).results).toEqual([{ nonce: 'n-3' }]);
  });
});

describe('an audit event of a change that may be none', () => {
  it('is written after an insert that wrote a row, and not after one that was ignored', async () => {
    const insert = () => env.DB.prepare("INSERT OR IGNORE INTO meta (key, value) VALUES ('event-if-changed', 'x')");
    const event = () => eventIfChangedStatement(env.DB, SITE, EDITOR.id, 'ecm.certificate.issue', 'course#code', 9_000);
    await env.DB.batch([insert(), event()]);
    await env.DB.batch([insert(), event()]);
    const { results } = await env.DB.prepare(
      "SELECT subject FROM event WHERE action = 'ecm' AND variant = 'certificate' AND scope = 'issue' AND created_at = 9000",
    ).all();
    expect(results).toEqual([{ subject: 'course#code' }]);
  });
});
