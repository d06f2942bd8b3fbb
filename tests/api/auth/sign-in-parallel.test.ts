import { env, exports } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../../functions/auth/password.ts';
import { FREE_ATTEMPTS, LOCK_AFTER } from '../../../core/sign-in-throttle.ts';
import { SITE, seedFixtures, solvedBotCheck } from '../fixtures.ts';

// Truly parallel sign-in attempts through the Worker's fetch, against real D1: each attempt is
// counted before its password is checked, so no burst slips more checks past the limits.
beforeAll(seedFixtures);

interface Try {
  cu: string;
  cp: string;
  address: string;
  altcha?: string;
  cookie?: string;
}

const attempt = ({ cu, cp, address, altcha, cookie }: Try) =>
  exports.default.fetch('http://localhost/api/auth/login', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'tiles-site-id': SITE,
      'tiles-locale-code': 'it-IT',
      'cf-connecting-ip': address,
      ...(cookie ? { cookie } : {}),
    },
    body: JSON.stringify({ cu, cp, ...(altcha ? { altcha } : {}) }),
  });

async function newLearner(code: string): Promise<{ code: string; password: string }> {
  const password = `${code}-Password-2026!`;
  const now = Date.now();
  await env.DB.prepare(
    "INSERT INTO user (id, site_id, code, password_hash, first_name, last_name, email, gender, locale, roles, created_at, updated_at) VALUES (?, ?, ?, ?, 'Prova', 'Parallela', NULL, 'n', 'it-IT', '[\"learner\"]', ?, ?)",
  )
    .bind(`u-${code}`, SITE, code, await hashPassword(password, env.PASSWORD_PEPPER, 1000), now, now)
    .run();
  return { code, password };
}

/** The statuses of a burst, counted: 401 and 200 are attempts whose password was checked. */
async function burst(tries: Try[]): Promise<Record<number, number>> {
  const statuses = await Promise.all(tries.map(async (t) => (await attempt(t)).status));
  const counts: Record<number, number> = {};
  for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}
const checked = (counts: Record<number, number>) => (counts[401] ?? 0) + (counts[200] ?? 0);
/** Refused before any password check: no solved bot check (428), or a lock another attempt of the burst set (429). */
const unchecked = (counts: Record<number, number>) => (counts[428] ?? 0) + (counts[429] ?? 0);

const failures = async (scope: string, key: string) =>
  (await env.DB.prepare('SELECT failures FROM sign_in_throttle WHERE scope = ? AND key = ?').bind(scope, key).first<{ failures: number }>())?.failures ?? 0;

describe('parallel sign-in attempts are each counted before the password is checked', { timeout: 60_000 }, () => {
  it('60 parallel guesses on one account from 60 addresses, the right password among them: at most 2 checked', async () => {
    const owner = await newLearner('par.account');
    const tries = Array.from({ length: 60 }, (_, i) => ({ cu: owner.code, cp: i === 30 ? owner.password : `Sbagliata-${i}!`, address: `192.0.2.${i + 1}` }));
    const counts = await burst(tries);
    expect(checked(counts)).toBeLessThanOrEqual(FREE_ATTEMPTS);
    expect(unchecked(counts)).toBe(60 - checked(counts));
    // Refused attempts were taken back: the counter holds the checked failures only.
    expect(await failures('account', `${SITE}/${owner.code}`)).toBe(counts[401] ?? 0);
  });

  it('30 parallel guesses on an unknown user code: 2 checked, the rest asked for the bot check', async () => {
    const tries = Array.from({ length: 30 }, (_, i) => ({ cu: 'par.nessuno', cp: `Sbagliata-${i}!`, address: `192.0.2.${100 + i}` }));
    const counts = await burst(tries);
    expect(counts[401]).toBe(FREE_ATTEMPTS);
    expect(unchecked(counts)).toBe(30 - FREE_ATTEMPTS);
  });

  it('40 parallel guesses on 40 accounts from one address: 2 checked', async () => {
    const tries = Array.from({ length: 40 }, (_, i) => ({ cu: `par.indirizzo.${i}`, cp: 'Sbagliata-2026!', address: '192.0.2.200' }));
    const counts = await burst(tries);
    expect(counts[401]).toBe(FREE_ATTEMPTS);
    expect(unchecked(counts)).toBe(40 - FREE_ATTEMPTS);
    expect(await failures('address', '192.0.2.200')).toBe(FREE_ATTEMPTS);
  });

  it('with solved bot checks, at most 10 checked before the lock, whatever the parallelism; the rest wait', async () => {
    const owner = await newLearner('par.lock');
    const payloads = await Promise.all(Array.from({ length: 16 }, () => solvedBotCheck()));
    const tries = payloads.map((altcha, i) => ({ cu: owner.code, cp: `Sbagliata-${i}!`, address: `192.0.2.${150 + i}`, altcha }));
    const counts = await burst(tries);
    expect(checked(counts)).toBeLessThanOrEqual(LOCK_AFTER);
    expect(counts[429]).toBeGreaterThanOrEqual(16 - LOCK_AFTER);
    // Locked now: even the right password with a solved check waits.
    expect((await attempt({ cu: owner.code, cp: owner.password, address: '192.0.2.170', altcha: await solvedBotCheck() })).status).toBe(429);
  });

  it("a trusted device's parallel guesses: 2 checked on the device's own counter", async () => {
    const owner = await newLearner('par.device');
    const signedIn = await attempt({ cu: owner.code, cp: owner.password, address: '192.0.2.210' });
    expect(signedIn.status).toBe(200);
    const device = signedIn.headers
      .getSetCookie()
      .find((value: string) => value.startsWith('t-dev='))
      ?.split(';')[0];
    const tries = Array.from({ length: 20 }, (_, i) => ({ cu: owner.code, cp: `Sbagliata-${i}!`, address: `192.0.2.${211 + i}`, cookie: device }));
    const counts = await burst(tries);
    expect(counts[401]).toBe(FREE_ATTEMPTS);
    expect(unchecked(counts)).toBe(20 - FREE_ATTEMPTS);
    expect(await failures('account', `${SITE}/${owner.code}`)).toBe(0);
  });
});

describe('what a burst without proof of work can do to an account', { timeout: 60_000 }, () => {
  it('nothing lasting: 60 unsolved attempts neither lock the account nor count past the free ones, and its owner signs in', async () => {
    const owner = await newLearner('par.nolock');
    const counts = await burst(Array.from({ length: 60 }, (_, i) => ({ cu: owner.code, cp: `Sbagliata-${i}!`, address: `192.0.2.${i + 1}` })));
    expect(counts[429] ?? 0).toBe(0);
    expect(await failures('account', `${SITE}/${owner.code}`)).toBe(FREE_ATTEMPTS);
    expect((await attempt({ cu: owner.code, cp: owner.password, address: '198.51.100.250', altcha: await solvedBotCheck() })).status).toBe(200);
  });

  it('one IPv6 /64 is one address: its other addresses do not buy more attempts', async () => {
    const tries = Array.from({ length: 10 }, (_, i) => ({ cu: `par.v6.${i}`, cp: 'Sbagliata-2026!', address: `2001:db8:1:2::${(i + 1).toString(16)}` }));
    const counts = await burst(tries);
    expect(checked(counts)).toBe(FREE_ATTEMPTS);
    expect(await failures('address', '2001:db8:1:2::/64')).toBe(FREE_ATTEMPTS);
  });
});
