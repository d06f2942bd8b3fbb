import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { addressKey } from '../../../functions/client-address.ts';
import { call, newSignedInLearner, outcome, seedFixtures, SITE } from '../fixtures.ts';

// POST /api/event/hit is public: it writes only for sites that exist, only what the contract
// bounds, and only so many hits a minute per learner or per visitor's address.
beforeAll(seedFixtures);

/** wrangler.toml, `[[ratelimits]]` HIT_LIMITER: hits a minute per learner or per visitor's address. */
const HIT_LIMIT = 300;

let serial = 0;
/** A fresh identity and address per test, since the limiter's counters outlive a test. */
const fresh = (label: string) => {
  serial += 1;
  const unique = `${label}-${Date.now().toString(36)}-${serial}`;
  return { identity: `hl-${unique}`, address: `2001:db8:${serial.toString(16)}:${(Date.now() % 0xffff).toString(16)}::1` };
};

const hitBody = (identity: string, extra: Record<string, unknown> = {}) => ({
  ua: 'vitest',
  identity,
  origin: 'web',
  subject: { id: '/it-IT/catalogo-corsi', meta: [{ field: 'ms', value: 1_000 }] },
  ...extra,
});

const storedHits = async (where: string, ...values: string[]) =>
  (
    await env.DB.prepare(`SELECT COUNT(*) AS n FROM hit WHERE ${where}`)
      .bind(...values)
      .first<{ n: number }>()
  )?.n ?? -1;

/**
 * The bindings count in windows that follow the wall clock (a new one at :00): a burst sent in
 * the last seconds of a minute could be split across two windows, so it waits for the next one.
 */
/** A burst test may first wait up to 15 s for the next window. */
const BURST_TIMEOUT_MS = 40_000;

async function awayFromWindowEdge(): Promise<void> {
  const intoMinute = Date.now() % 60_000;
  if (intoMinute > 45_000) await new Promise((resolve) => setTimeout(resolve, 60_000 - intoMinute + 200));
}

describe('POST /api/event/hit writes only for a site that exists', () => {
  it('refuses an unknown tiles-site-id with 400, as a malformed one, and stores nothing', async () => {
    const { identity } = fresh('site');
    const malformed = await call('/api/event/hit', { method: 'POST', headers: { 'tiles-site-id': 'no such site!' }, body: hitBody(identity) });
    const unknown = await call('/api/event/hit', { method: 'POST', headers: { 'tiles-site-id': 'no-such-site' }, body: hitBody(identity) });
    expect(unknown.status).toBe(400);
    expect(malformed.status).toBe(400);
    expect(await unknown.json()).toEqual({ statusCode: 400, statusMessage: 'Bad Request', message: 'Il campo «tiles-site-id» non è valido: no-such-site' });
    const english = await call('/api/event/hit', { method: 'POST', locale: 'en-US', headers: { 'tiles-site-id': 'no-such-site' }, body: hitBody(identity) });
    expect((await english.json<{ message: string }>()).message).toBe('The field "tiles-site-id" is invalid: no-such-site');
    expect(await storedHits("site_id = 'no-such-site' OR identity = ?", identity)).toBe(0);
    // The site the header names, and the deployment's own for 'not-set', are written to.
    for (const site of [SITE, 'not-set']) {
      expect((await call('/api/event/hit', { method: 'POST', headers: { 'tiles-site-id': site }, body: hitBody(identity) })).status).toBe(200);
    }
    expect(await storedHits('site_id = ? AND identity = ?', SITE, identity)).toBe(2);
  });
});

describe('POST /api/event/hit takes bounded fields only', () => {
  it('refuses an over-long path, identity, course or meta, and numbers out of range, with 400 naming the field', async () => {
    const { identity } = fresh('fields');
    const refused: [Record<string, unknown>, string][] = [
      [{ subject: { id: `/it-IT/${'a'.repeat(600)}`, meta: [] } }, 'subject.id'],
      [{ identity: 'x'.repeat(65) }, 'identity'],
      [{ ua: 'u'.repeat(513) }, 'ua'],
      [{ course: 'c'.repeat(201), module: 1, session: 1 }, 'course'],
      [{ course: 'triage', module: 1e9, session: 1 }, 'module'],
      [{ course: 'triage', module: 1, session: 1e9 }, 'session'],
      [{ subject: { id: '/it-IT', meta: [{ field: 'ms', value: 1e15 }] } }, 'subject.meta.0.value'],
      [{ subject: { id: '/it-IT', meta: [{ field: 'ms', value: -5 }] } }, 'subject.meta.0.value'],
      [{ subject: { id: '/it-IT', meta: [{ field: 'f'.repeat(33), value: 1 }] } }, 'subject.meta.0.field'],
      [{ subject: { id: '/it-IT', meta: [{ field: 'note', value: 'v'.repeat(65) }] } }, 'subject.meta.0.value'],
      [{ subject: { id: '/it-IT', meta: Array.from({ length: 17 }, () => ({ field: 'ms', value: 1 })) } }, 'subject.meta'],
    ];
    for (const [fields, field] of refused) {
      const response = await call('/api/event/hit', { method: 'POST', body: hitBody(identity, fields) });
      expect(response.status, field).toBe(400);
      expect((await response.json<{ message: string }>()).message, field).toMatch(new RegExp(`^Il campo «${field.replaceAll('.', '\\.')}» non è valido: \\S`));
    }
    expect(await storedHits('identity = ?', identity)).toBe(0);
  });

  it('cuts a long User-Agent header to 512 characters, as the body field allows', async () => {
    const { identity } = fresh('ua');
    const response = await call('/api/event/hit', {
      method: 'POST',
      headers: { 'user-agent': `Mozilla/5.0 ${'x'.repeat(4000)}` },
      body: hitBody(identity, { ua: '' }),
    });
    expect(response.status).toBe(200);
    const row = await env.DB.prepare('SELECT length(ua) AS n FROM hit WHERE identity = ?').bind(identity).first<{ n: number }>();
    expect(row).toEqual({ n: 512 });
  });
});

describe('POST /api/event/hit is limited per visitor address and per learner', () => {
  it(
    `accepts exactly ${HIT_LIMIT} parallel visitor hits from one address in a minute, refuses the rest with 429 and Retry-After, and stores only those`,
    async () => {
      const { identity, address } = fresh('visitor-burst');
      // Signed in first: everything after the burst must land in the same window.
      const learner = await newSignedInLearner('hit-nat');
      await awayFromWindowEdge();
      const answers = await Promise.all(
        Array.from({ length: HIT_LIMIT + 30 }, () =>
          call('/api/event/hit', { method: 'POST', headers: { 'cf-connecting-ip': address }, body: hitBody(identity) }),
        ),
      );
      const statuses = answers.map((answer) => answer.status);
      expect(statuses.filter((status) => status === 200)).toHaveLength(HIT_LIMIT);
      expect(statuses.filter((status) => status === 429)).toHaveLength(30);
      expect(await storedHits('identity = ?', identity)).toBe(HIT_LIMIT);
      const refused = answers.find((answer) => answer.status === 429);
      const retryAfter = Number(refused?.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(await refused?.json()).toEqual({
        statusCode: 429,
        statusMessage: 'Too Many Requests',
        message: `Troppe richieste in poco tempo: riprova tra ${retryAfter} secondi.`,
      });

      // The same subscriber's other IPv6 addresses (its /64) are the same visitor.
      const sibling = address.replace(/::1$/, '::2');
      expect((await call('/api/event/hit', { method: 'POST', headers: { 'cf-connecting-ip': sibling }, body: hitBody(identity) })).status).toBe(429);
      const english = await call('/api/event/hit', { method: 'POST', locale: 'en-US', headers: { 'cf-connecting-ip': address }, body: hitBody(identity) });
      expect((await english.json<{ message: string }>()).message).toMatch(/^Too many requests in a short time: try again in \d+ seconds\.$/);

      // A learner behind the same address (a ward's NAT) still counts: learners are limited apart.
      const learnerHit = await call('/api/event/hit', {
        method: 'POST',
        cookie: learner.cookie,
        headers: { 'cf-connecting-ip': address },
        body: hitBody(identity),
      });
      expect(learnerHit.status).toBe(200);
      // The benchmark's development server may lift the limits; production may not.
      expect(
        (await call('/api/event/hit', { method: 'POST', env: { RATE_LIMITS: 'off' }, headers: { 'cf-connecting-ip': address }, body: hitBody(identity) }))
          .status,
      ).toBe(200);
      const production = { RATE_LIMITS: 'off', ENVIRONMENT: 'production' };
      expect(
        (await call('/api/event/hit', { method: 'POST', env: production, headers: { 'cf-connecting-ip': address }, body: hitBody(identity) })).status,
      ).toBe(429);
      expect(await storedHits('identity = ?', identity)).toBe(HIT_LIMIT + 2);
    },
    BURST_TIMEOUT_MS,
  );

  it(
    `counts a learner's hits together from any address: ${HIT_LIMIT} in a minute`,
    async () => {
      const learner = await newSignedInLearner('hit-burst');
      const { identity } = fresh('learner-burst');
      await awayFromWindowEdge();
      // call() gives each request an address of its own.
      const answers = await Promise.all(
        Array.from({ length: HIT_LIMIT + 10 }, () => call('/api/event/hit', { method: 'POST', cookie: learner.cookie, body: hitBody(identity) })),
      );
      expect(answers.filter((answer) => answer.status === 200)).toHaveLength(HIT_LIMIT);
      expect(answers.filter((answer) => answer.status === 429)).toHaveLength(10);
      expect(await storedHits('user_id = ?', learner.id)).toBe(HIT_LIMIT);
      // Nothing of another learner's quota was spent.
      const other = await newSignedInLearner('hit-burst-other');
      expect((await call('/api/event/hit', { method: 'POST', cookie: other.cookie, body: hitBody(identity) })).status).toBe(200);
      expect(await outcome<{ _id: string }>(await call('/api/event/hit', { method: 'POST', cookie: other.cookie, body: hitBody(identity) }))).toHaveProperty(
        '_id',
      );
    },
    BURST_TIMEOUT_MS,
  );

  it('keys IPv4 addresses whole and IPv6 addresses by their /64', () => {
    expect(addressKey('198.51.100.7')).toBe('198.51.100.7');
    expect(addressKey('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(addressKey('2001:db8:0:1::1')).toBe('2001:db8:0:1::/64');
    expect(addressKey('2001:0DB8:0000:0001:ffff:1:2:3')).toBe('2001:db8:0:1::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('unknown')).toBe('unknown');
  });
});
