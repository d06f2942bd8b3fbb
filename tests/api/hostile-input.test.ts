import { env } from 'cloudflare:workers';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fileAnswer } from '../../core/api-routes.ts';
import { handleApi, ROUTES } from '../../functions/app.ts';
import { EDITOR, LEARNER, seedFixtures, signIn, SITE, THIRD } from './fixtures.ts';

/**
 * Property-based tests (fast-check) of every route in ROUTES against random and hostile input:
 * bodies, content types, headers, cookies, query strings and path parameters, from visitors,
 * signed-in learners and editors, and the local build worker. Whatever comes in, the API answers
 * below 500, an error is the JSON `{ statusCode, statusMessage, message }` without a stack trace,
 * and a refused request (4xx) leaves the database as it was.
 *
 * A failure prints fast-check's counterexample with its `seed` and `path`: pass both to the
 * property's `fc.assert` options (with `endOnFailure: true`) to replay it.
 */

/**
 * Runs per route: about 4,400 requests in all, some 40 s of one test worker while npm test's other
 * suites run beside it (100 runs took 100 s there, the API suite's longest file by far). Each run
 * draws new inputs (fast-check seeds from the clock), so the cases add up from run to run.
 */
const NUM_RUNS = 40;
const TIMEOUT_MS = 120_000;
const WORKER_TOKEN = 'hostile-input-build-worker-token-0123456789abcdef';
/** Tests run with ENVIRONMENT=development (vitest.config.ts): these calls see production. */
const callEnv = () => ({ ...env, ENVIRONMENT: 'production', BUILD_WORKER_TOKEN: WORKER_TOKEN });

/** What must never reach a client: stack frames and source locations. */
const LEAK = /\n\s*at |\s{4}at |\.(?:ts|js|mjs|cjs|tsx):\d|\.ts:|file:\/\/|node_modules|\/work\//;
const noLeak = (text: string) => !LEAK.test(text);

/** A route's path as a URLPattern (Hono's `:name` parameters are URLPattern syntax too). */
const patternOf = (route: (typeof ROUTES)[number]) => new URLPattern({ pathname: route.path });

// ---- Hostile building blocks ------------------------------------------------------------------

const ascii = (maxLength: number) => fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)), maxLength });

const SPECIAL_TEXT = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uDFFF\uD800',
  '\u202Egnp.exe',
  '\u200B\u200D\uFEFF',
  'e\u0301\u0301\u0301',
  '🧨👩‍👩‍👧‍👦',
  '\r\n\r\n',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  "' OR '1'='1' --",
  '"; DROP TABLE user; --',
  '<script>alert(1)</script>',
  '{{7*7}}',
  '${process.exit()}',
  '{count}',
  '$&$1$`',
  '../../../../etc/passwd',
  'javascript:alert(1)',
  '//evil.example/',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
];

/** Short random or hostile text: ASCII, any grapheme, any code point, or a known troublemaker. */
const hostileText = fc
  .oneof(
    fc.string({ maxLength: 30 }),
    fc.string({ unit: 'grapheme', maxLength: 30 }),
    fc.string({ unit: 'binary', maxLength: 30 }),
    fc.constantFrom(...SPECIAL_TEXT),
  )
  .filter(noLeak);

/** Strings far past every field's bound, some past the 64 KiB body limit, some in multi-byte characters. */
const hugeText = fc
  .tuple(fc.constantFrom('x', 'é', '😀', '\u0000', ' '), fc.integer({ min: 1_000, max: 70_000 }))
  .map(([unit, length]) => unit.repeat(Math.ceil(length / unit.length)));

/** A path parameter: plausible ids, traversal, broken or overlong percent-encoding, long segments. */
const hostileSegment = fc
  .oneof(
    {
      arbitrary: fc.constantFrom(
        'triage',
        'learner',
        'admin',
        SITE,
        'content',
        'course',
        'category',
        'boilerplate',
        'it-IT',
        'en-US',
        'privacy',
        'nav.home',
        'cat-rischio',
        '1',
        '2',
      ),
      weight: 3,
    },
    {
      arbitrary: fc.constantFrom(
        '..',
        '.',
        '%2e%2e',
        '..%2F..%2Fetc%2Fpasswd',
        '..%5C..%5Cwindows',
        '%00',
        'a%00b',
        '%',
        '%%',
        '%E0%A4%A',
        '%ZZ',
        '%ED%A0%80',
        '%C0%AF',
        '%FF%FE',
        '%252e%252e',
        '__proto__',
        'constructor',
        'prototype',
        'hasOwnProperty',
        '-1',
        '0',
        '1.5',
        '1e309',
        'NaN',
        'Infinity',
        '0x10',
        '%201',
        '١٢',
        '99999999999999999999999',
        '9007199254740993',
        'null',
        'undefined',
        '+',
        ';',
        ',',
        '@',
        '~',
        'a%2Fb',
        'a/b',
        '%3Cscript%3E',
        'it-it',
        'IT-IT',
      ),
      weight: 3,
    },
    { arbitrary: fc.integer({ min: 101, max: 20_000 }).map((length) => 'a'.repeat(length)), weight: 1 },
    { arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }).map(encodeURIComponent), weight: 1 },
    { arbitrary: fc.string({ unit: 'binary', maxLength: 20 }).map(encodeURIComponent), weight: 1 },
    // Unencoded: the URL parser escapes what it must; '/', '?' or '#' change the path itself.
    { arbitrary: fc.string({ maxLength: 40 }), weight: 1 },
  )
  .filter(noLeak);

/** Values that exist in the fixtures, by parameter name: with them a request gets past the 404s. */
const PLAUSIBLE: Record<string, string[]> = {
  roleId: ['learner', 'admin', 'tester'],
  courseId: ['triage'],
  module: ['1', '2', '01'],
  session: ['1', '2'],
  kind: ['content', 'pf', 'repository', 'course', 'category', 'boilerplate'],
  locale: ['it-IT', 'en-US', 'de-DE'],
  key: ['privacy', 'triage', 'cat-rischio', 'nav.home'],
  id: ['1', '2', '3'],
  siteId: [SITE],
};
/** A path parameter: as often a value that exists as a hostile one. */
const segmentFor = (name: string): fc.Arbitrary<string> => {
  const plausible = PLAUSIBLE[name];
  return plausible ? fc.oneof(fc.constantFrom(...plausible), hostileSegment) : hostileSegment;
};

/**
 * Concrete paths for a URLPattern pathname: `:name` (and `*`) take a segment, `{…}?`, `{…}*`
 * and `{…}+` groups appear zero or one, zero or more, one or more times.
 */
function pathArbitrary(template: string, segment: (name: string) => fc.Arbitrary<string>): fc.Arbitrary<string> {
  const parts = template.split(/(:\w+|\{[^}]*\}[?*+]?|\*)/).filter((part) => part !== '');
  return fc
    .tuple(
      ...parts.map((part): fc.Arbitrary<string> => {
        if (part.startsWith(':') || part === '*') return segment(part.slice(1));
        const group = /^\{([^}]*)\}([?*+]?)$/.exec(part);
        if (!group) return fc.constant(part);
        const [, inner = '', modifier] = group;
        const minLength = modifier === '?' || modifier === '*' ? 0 : 1;
        const maxLength = modifier === '*' || modifier === '+' ? 3 : 1;
        return fc.array(pathArbitrary(inner, segment), { minLength, maxLength }).map((copies) => copies.join(''));
      }),
    )
    .map((pieces) => pieces.join(''));
}

const queryKey = fc.oneof(fc.constantFrom('locale', 'lc', 'type', 'id', 'q', '__proto__', 'constructor', 'toString', ''), hostileText);
const queryValue = fc.oneof(
  fc.constantFrom('it-IT', 'en-US,it-IT', 'xx', 'category', 'unknown', ',,,', 'en-US,'.repeat(100), '%', '%ZZ', '%00', '%ED%A0%80', '[]', '{}'),
  hostileText,
);
const query = fc.oneof(
  fc.constant(''),
  fc.array(fc.tuple(queryKey, queryValue), { maxLength: 6 }).map((pairs) => `?${new URLSearchParams(pairs).toString()}`),
  // Raw: undecodable escapes, '&', '=' and '#' where they fall.
  fc.array(fc.tuple(queryKey, queryValue), { maxLength: 6 }).map((pairs) => `?${pairs.map(([key, value]) => `${key}=${value}`).join('&')}`),
  fc.constantFrom(
    '?',
    '??',
    '?&&&',
    '?=',
    '?lc',
    '?locale=it-IT&locale=xx',
    '?type=category&type=x',
    `?lc=${'en-US,'.repeat(1000)}`,
    `?q=${'a'.repeat(20_000)}`,
  ),
  // What the routes read, as their client sends it.
  fc.constantFrom('?type=category', '?locale=it-IT', '?locale=en-US', '?lc=en-US,it-IT', '?lc=de-DE', '?type=category&__proto__=x'),
);

const siteHeader = fc.option(
  fc.oneof(
    { arbitrary: fc.constant(SITE), weight: 4 },
    {
      arbitrary: fc.constantFrom(
        'not-set',
        '',
        'nowhere',
        'TILES-DEMO',
        '../tiles-demo',
        'tiles-demo ',
        'tiles_demo',
        'a'.repeat(64),
        'a'.repeat(65),
        '__proto__',
        'constructor',
        '%00',
        'tiles-demo,tiles-demo',
        "tiles-demo' --",
      ),
      weight: 2,
    },
    { arbitrary: ascii(80), weight: 1 },
  ),
  { freq: 5 },
);
const localeHeader = fc.option(
  fc.oneof(fc.constantFrom('it-IT', 'en-US', 'de-DE', 'fr-FR', 'en', 'de', 'EN-us', 'xx-XX', 'it-IT,en-US', '', 'en-US;q=1', '__proto__'), ascii(40)),
  { freq: 5 },
);

/** Values a t-ssid cookie should never be trusted with: empty, half an iron seal, base64 noise, 20 KB. */
const junkSsid = fc.oneof(
  fc.constantFrom(
    '',
    'Fe26.2**',
    'Fe26.2**a*b*c*d*e*f*g',
    `Fe26.2${'*'.repeat(20)}`,
    'Fe26.2**0*AAAA*AAAA**AAAA*AAAA',
    'null',
    'undefined',
    '%',
    '%ZZ',
    '"',
    '"Fe26.2"',
    'deleted',
    '=',
    ';',
  ),
  fc.base64String({ maxLength: 300 }),
  fc.integer({ min: 1_000, max: 20_000 }).map((length) => 'A'.repeat(length)),
  ascii(60).filter((text) => !text.includes(';')),
);
const cookieName = fc.oneof(fc.constantFrom('t-ssid', 'T-SSID', 't-ssid ', '__proto__', 'constructor', 'session'), fc.stringMatching(/^[a-z0-9_-]{1,12}$/));
const otherCookies = fc.array(
  fc.tuple(
    cookieName.filter((name) => name.trim().toLowerCase() !== 't-ssid'),
    junkSsid,
  ),
  { maxLength: 3 },
);
const junkCookieHeader = fc.oneof(
  junkSsid.map((value) => `t-ssid=${value}`),
  fc.tuple(junkSsid, junkSsid).map(([first, second]) => `t-ssid=${first}; t-ssid=${second}`),
  fc.array(fc.tuple(cookieName, junkSsid), { maxLength: 4 }).map((pairs) => pairs.map(([name, value]) => `${name}=${value}`).join('; ')),
  ascii(200),
);

const headerName = fc.oneof(
  fc.constantFrom(
    'authorization',
    'x-rt',
    'x-build-worker',
    'user-agent',
    'content-length',
    'accept',
    'accept-language',
    'origin',
    'sec-fetch-site',
    'referer',
    'x-forwarded-for',
    'cf-connecting-ip',
    'host',
    'transfer-encoding',
  ),
  fc.stringMatching(/^[a-z][a-z0-9-]{0,20}$/),
);
const headerValue = fc.oneof(
  fc.constantFrom(
    'Bearer ',
    'Bearer junk',
    'Bearer Fe26.2**',
    'Basic YTpi',
    'bearer  x  y',
    '-1',
    '99999999999',
    '0',
    'NaN',
    'chunked',
    '*/*',
    'null',
    'http://localhost',
    'https://localhost',
    'http://evil.example',
    'same-origin',
    'same-site',
    'cross-site',
    'none',
  ),
  ascii(100),
  fc.integer({ min: 1_000, max: 10_000 }).map((length) => 'h'.repeat(length)),
);

const contentType = fc.option(
  fc.oneof(
    { arbitrary: fc.constantFrom('application/json', 'application/json; charset=utf-8'), weight: 8 },
    {
      arbitrary: fc.constantFrom(
        'APPLICATION/JSON',
        'application/json;charset=latin1',
        'application/jsonx',
        'application/json-patch+json',
        'application/problem+json',
        'text/plain',
        'text/json',
        'multipart/form-data; boundary=--x',
        'application/x-www-form-urlencoded',
        'application/octet-stream',
        '',
        ' application/json',
        'application/json, text/plain',
      ),
      weight: 3,
    },
    { arbitrary: ascii(60), weight: 1 },
  ),
  { freq: 6 },
);

// ---- Bodies ---------------------------------------------------------------------------------

/** Every field some route reads, so that random bodies reach the validators' inner checks. */
const FIELD_NAMES = [
  'cu',
  'cp',
  'ua',
  'provider',
  'token',
  'returnTo',
  'firstName',
  'lastName',
  'email',
  'phone',
  'locale',
  'fields',
  'gender',
  'origin',
  'type',
  'createdAt',
  'action',
  'variant',
  'scope',
  'subject',
  'identity',
  'id',
  'meta',
  'field',
  'value',
  'course',
  'module',
  'session',
  'title',
  'description',
  'summary',
  'body',
  'name',
  'text',
  'status',
  'buildId',
  'error',
  'roles',
  'role',
  'code',
  'siteId',
  'userId',
  'password_hash',
  'altcha',
] as const;
/** Bot-check payloads (base64 JSON) that are forged, truncated or of the wrong shape. */
const FORGED_PAYLOADS = [
  btoa('{}'),
  btoa('null'),
  btoa('[]'),
  btoa('{"challenge":{}}'),
  btoa('{"algorithm":"SHA-256","challenge":"x","number":1,"salt":"x","signature":"x"}'),
  btoa('{"challenge":{"parameters":{"algorithm":"PBKDF2/SHA-256","nonce":"00","salt":"00","cost":1e9,"keyLength":1e9}},"solution":{"counter":-1}}'),
  btoa('{"challenge":{"parameters":{"algorithm":"MD5","expiresAt":1},"signature":"x"},"solution":{"counter":1,"derivedKey":"zz"}}'),
  'not base64!',
  '====',
].map((payload) => JSON.stringify(payload));
const POLLUTION_KEYS = ['__proto__', 'constructor', 'prototype', '__defineGetter__', 'hasOwnProperty', 'toString', 'valueOf', 'isAdmin'] as const;

/** A JSON text of one value: random JSON, wrong types, huge strings, NUL, lone surrogates. */
const valueText: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)), weight: 3 },
  { arbitrary: hostileText.map((text) => JSON.stringify(text)), weight: 3 },
  {
    arbitrary: fc.constantFrom(
      '-1',
      '0',
      '-0',
      '1.5',
      '1e308',
      '-1e308',
      '9007199254740993',
      '1e-400',
      'true',
      'false',
      'null',
      '[]',
      '{}',
      '[null]',
      '[{}]',
      '"\\u0000"',
      '"\\ud800"',
      '"web"',
      '"event"',
      '"live"',
      '"failed"',
      '"mock"',
      '"it-IT"',
      '"/"',
      '"//evil.example"',
      '{"gender":"x"}',
      '[{"type":"script","text":"x"}]',
      '[{"field":"ms","value":"1e400"}]',
      '{"__proto__":{"isAdmin":true}}',
      '{"constructor":{"prototype":{"polluted":true}}}',
    ),
    weight: 2,
  },
  { arbitrary: fc.constantFrom(...FORGED_PAYLOADS), weight: 1 },
  {
    arbitrary: fc.constantFrom(
      '"2020-02-30T00:00:00Z"',
      '"0000-01-01T00:00:00Z"',
      '"9999-12-31T23:59:59.999999999+23:59"',
      '"+275760-09-13T00:00:00.000Z"',
      '"2026-01-01T10:00:00"',
      '8640000000000001',
    ),
    weight: 1,
  },
  { arbitrary: hugeText.map((text) => JSON.stringify(text)), weight: 1 },
  {
    arbitrary: fc.integer({ min: 50, max: 30_000 }).map((depth) => '['.repeat(depth) + ']'.repeat(depth)),
    weight: 1,
  },
  {
    arbitrary: fc.integer({ min: 50, max: 12_000 }).map((depth) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth)),
    weight: 1,
  },
);

/** Objects as JSON text, keys written by hand: duplicate keys and an own `__proto__` survive. */
const objectText = fc
  .array(
    fc.tuple(
      fc.oneof(
        { arbitrary: fc.constantFrom(...FIELD_NAMES), weight: 4 },
        { arbitrary: fc.constantFrom(...POLLUTION_KEYS), weight: 1 },
        { arbitrary: hostileText, weight: 1 },
      ),
      valueText,
    ),
    {
      maxLength: 8,
    },
  )
  .map((entries) => `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${value}`).join(',')}}`);

/**
 * Nearly valid bodies, by route pattern, with fields swapped for hostile values: they get past the
 * first checks into the handlers' logic. A route missing here gets any of them.
 */
const PAGE = { title: 'Titolo', description: 'Descrizione', body: [{ type: 'p', text: 'Testo.' }] };
const BODIES: Record<string, Record<string, unknown>[]> = {
  // Not a caller's account: failed sign-ins are throttled per account, and the callers must still sign in.
  '/api/auth/login': [
    { cu: THIRD.code, cp: 'wrong-password', ua: 'vitest' },
    { cu: THIRD.code, cp: 'wrong-password', altcha: btoa('{"algorithm":"SHA-256","challenge":"x","number":1,"salt":"x","signature":"x"}') },
  ],
  '/api/auth/federated/login': [{ provider: 'mock', token: 'eyJhbGciOiJSUzI1NiJ9.e30.c2ln', returnTo: '/it-IT' }],
  '/api/auth/password/forgot': [{ identifier: 'nessuno@example.it' }],
  '/api/auth/password/reset': [{ token: 'z'.repeat(43), password: 'una frase lunga e nuova' }],
  '/api/auth/password': [{ current: 'wrong-password', password: 'una frase lunga e nuova' }],
  '/api/auth/user': [
    { firstName: 'Giulia', lastName: 'Bianchi', email: 'giulia@example.it', phone: '+390612345678', locale: 'en-US', fields: { gender: 'f' } },
  ],
  '/api/event': [{ action: 'cms', variant: 'mode', scope: 'admin', subject: { id: 'triage' }, createdAt: '2026-01-01T10:00:00+01:00' }],
  '/api/event/hit': [
    { identity: 'identity-0123', subject: { id: '/it-IT/corsi', meta: [{ field: 'ms', value: 1500 }] }, course: 'triage', module: 1, session: 1 },
  ],
  '/api/cms/documents/:kind/:locale/:key': [
    PAGE,
    { title: 'Triage', summary: 'Sommario', description: 'Descrizione' },
    { name: 'Rischio', description: '' },
    { text: 'Home' },
  ],
  '/api/cms/builds/:id/finish': [{ status: 'failed', buildId: 'b-1', error: 'boom' }],
};
const ANY_BODY = Object.values(BODIES).flat();

function mutatedBody(templates: Record<string, unknown>[]): fc.Arbitrary<string> {
  return fc
    .tuple(
      fc.oneof({ arbitrary: fc.constantFrom(...templates), weight: 3 }, { arbitrary: fc.constantFrom(...ANY_BODY), weight: 1 }),
      fc.array(fc.tuple(fc.oneof(fc.constantFrom(...FIELD_NAMES), fc.constantFrom(...POLLUTION_KEYS)), valueText), { maxLength: 3 }),
    )
    .map(([base, overrides]) => {
      const entries = Object.entries(base).map(([key, value]) => [key, JSON.stringify(value)] as [string, string]);
      for (const [key, value] of overrides) {
        const index = entries.findIndex(([name]) => name === key);
        if (index >= 0) entries[index] = [key, value];
        else entries.push([key, value]);
      }
      return `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${value}`).join(',')}}`;
    });
}

const encoder = new TextEncoder();
const INVALID_UTF8 = [[0xff], [0xfe, 0xff], [0xc0, 0x80], [0xed, 0xa0, 0x80], [0xe0, 0xa4], [0xf8, 0x88, 0x80, 0x80, 0x80], [0x80]];
const concat = (...parts: Uint8Array[]) => {
  const bytes = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    bytes.set(part, offset);
    offset += part.length;
  }
  return bytes;
};

type Body = string | Uint8Array<ArrayBuffer> | undefined;
const bodyFor = (pathname: string): fc.Arbitrary<Body> => {
  const nearlyValid = mutatedBody(BODIES[pathname] ?? ANY_BODY);
  return fc.oneof(
    { arbitrary: fc.constant(undefined), weight: 2 },
    { arbitrary: nearlyValid, weight: 6 },
    { arbitrary: objectText, weight: 3 },
    { arbitrary: valueText, weight: 2 },
    // Not JSON at all, or JSON with a BOM, trailing garbage or a comment.
    {
      arbitrary: fc.oneof(
        fc.constantFrom(
          '',
          ' ',
          'undefined',
          'NaN',
          "{'a':1}",
          '{"a":1,}',
          '{',
          '}',
          '[',
          'a=1&b=2',
          '<xml/>',
          '\uFEFF{}',
          '{}\u0000',
          '{} // comment',
          '{"a":1}{"b":2}',
          '\u0000',
        ),
        fc.tuple(nearlyValid, fc.constantFrom(',', '}', ']', 'x', '\u0000', '\uFEFF')).map(([text, tail]) => text + tail),
        fc.string({ unit: 'binary', maxLength: 200 }),
        hugeText,
      ),
      weight: 2,
    },
    // Raw bytes: random, and JSON with invalid UTF-8 inside a string.
    {
      arbitrary: fc.oneof(
        fc.uint8Array({ maxLength: 200 }),
        fc
          .tuple(fc.constantFrom('action', 'cu', 'text', 'title', 'identity'), fc.constantFrom(...INVALID_UTF8))
          .map(([key, bad]) =>
            concat(
              encoder.encode(`{"${key}":"x`),
              new Uint8Array(bad),
              encoder.encode('","identity":"identity-0123","subject":{"id":"/"},"cp":"x","summary":"s","description":"d","body":[{"type":"p","text":"t"}]}'),
            ),
          ),
      ),
      weight: 1,
    },
  );
};

// ---- Callers --------------------------------------------------------------------------------

type Caller = 'visitor' | 'learner' | 'editor' | 'worker';
const CALLERS: Caller[] = ['visitor', 'learner', 'editor', 'worker'];
const cookies = new Map<Caller, string>();

async function sessionCookie(caller: 'learner' | 'editor'): Promise<string> {
  let cookie = cookies.get(caller);
  if (!cookie) {
    cookie = await signIn(caller === 'learner' ? LEARNER : EDITOR);
    cookies.set(caller, cookie);
  }
  return cookie;
}

const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS', 'get', 'post', 'PROPFIND'] as const;

interface HostileRequest {
  caller: Caller;
  method: string;
  path: string;
  suffix: string;
  query: string;
  site: string | null;
  locale: string | null;
  cookieMode: 'session' | 'session+junk' | 'junk' | 'none';
  junkCookie: string;
  extraCookies: [string, string][];
  headers: [string, string][];
  contentType: string | null;
  body: Body;
}

function requestArbitrary(route: (typeof ROUTES)[number]): fc.Arbitrary<HostileRequest> {
  return fc.record({
    caller: fc.constantFrom(...CALLERS),
    method: fc.oneof({ arbitrary: fc.constant(route.method), weight: 6 }, { arbitrary: fc.constantFrom(...METHODS), weight: 1 }),
    path: pathArbitrary(route.path, segmentFor),
    suffix: fc.oneof({ arbitrary: fc.constant(''), weight: 12 }, { arbitrary: fc.constantFrom('/', '//', '/..', '/.', '%2F', '/x', ';x', '%00'), weight: 1 }),
    query,
    site: siteHeader,
    locale: localeHeader,
    cookieMode: fc.constantFrom('session', 'session', 'session+junk', 'junk', 'none'),
    junkCookie: junkCookieHeader,
    extraCookies: otherCookies,
    headers: fc.array(fc.tuple(headerName, headerValue), { maxLength: 4 }),
    contentType,
    body: bodyFor(route.path),
  });
}

async function buildRequest(input: HostileRequest): Promise<Request> {
  const headers = new Headers();
  for (const [name, value] of input.headers) headers.set(name, value);
  if (input.site !== null) headers.set('tiles-site-id', input.site);
  if (input.locale !== null) headers.set('tiles-locale-code', input.locale);
  if (input.caller === 'worker') headers.set('x-build-worker', WORKER_TOKEN);
  const session = input.caller === 'learner' || input.caller === 'editor' ? await sessionCookie(input.caller) : undefined;
  const extra = input.extraCookies.map(([name, value]) => `${name}=${value}`);
  const cookie =
    session && input.cookieMode === 'session'
      ? session
      : session && input.cookieMode === 'session+junk'
        ? [...extra, session, ...extra].join('; ')
        : input.cookieMode === 'none'
          ? null
          : input.junkCookie;
  if (cookie !== null) headers.set('cookie', cookie);
  if (input.contentType !== null) headers.set('content-type', input.contentType);
  const withBody = !['GET', 'HEAD'].includes(input.method.toUpperCase());
  return new Request(`http://localhost${input.path}${input.suffix}${input.query}`, { method: input.method, headers, body: withBody ? input.body : undefined });
}

// ---- The database before and after ------------------------------------------------------------

/**
 * Refusals that write by design, by route pattern: a failed sign-in is counted per account and
 * address (core/sign-in-throttle.ts), and a wrong current password per user
 * (functions/auth/password-change.ts), so that the next attempts are throttled.
 */
const WRITTEN_WHEN_REFUSED: Record<string, string[]> = { '/api/auth/login': ['sign_in_throttle'], '/api/auth/password': ['password_attempt'] };

/** The tables a refused request may still change: those of the route its path really reached. */
function writtenWhenRefused(request: Request): string[] {
  const { pathname } = new URL(request.url);
  return ROUTES.filter((route) => patternOf(route).test({ pathname })).flatMap((route) => WRITTEN_WHEN_REFUSED[route.path] ?? []);
}

let snapshotSql: string[] = [];

/** One statement per mutable table, all in one batch (D1 caps a statement's length): its row count and sums over every column's size and value. */
async function prepareSnapshot(): Promise<void> {
  const { results: tables } = await env.DB.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name NOT LIKE 'd1\\_%' ESCAPE '\\' ORDER BY name",
  ).all<{ name: string }>();
  const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
  const parts: string[] = [];
  for (const { name } of tables) {
    const { results: columns } = await env.DB.prepare('SELECT name FROM pragma_table_info(?)').bind(name).all<{ name: string }>();
    const sums = columns.flatMap(({ name: column }) => {
      const c = quote(column);
      return [
        `TOTAL(LENGTH(CAST(${c} AS BLOB)))`,
        `TOTAL(CASE typeof(${c}) WHEN 'integer' THEN ${c} WHEN 'real' THEN ${c} ELSE unicode(${c}) + 7 * unicode(substr(${c}, -1)) + 31 * unicode(substr(${c}, LENGTH(${c}) / 2 + 1)) END)`,
      ];
    });
    // The name as a string literal: a quoted identifier would read an FTS5 table's hidden column of the same name.
    parts.push(`SELECT '${name.replaceAll("'", "''")}' AS name, json_array(COUNT(*), ${sums.join(', ')}) AS state FROM ${quote(name)}`);
  }
  expect(parts.length).toBeGreaterThan(10);
  snapshotSql = parts;
}

async function fullSnapshot(): Promise<Record<string, string>> {
  const results = await env.DB.batch<{ name: string; state: string }>(snapshotSql.map((sql) => env.DB.prepare(sql)));
  return Object.fromEntries(results.map((result) => [result.results[0]?.name ?? '', result.results[0]?.state ?? '']));
}

/** Rows inserted, updated or deleted on the database's one connection since it opened. */
async function rowChanges(): Promise<number> {
  return (await env.DB.prepare('SELECT total_changes() AS changes').first<{ changes: number }>())?.changes ?? -1;
}

/**
 * The database's state, read whole only when a row changed since the last reading: most hostile
 * requests are refused without a write, and SQLite's change counter says so in one statement.
 */
let lastState: { changes: number; tables: Record<string, string> } | undefined;
async function snapshot(): Promise<Record<string, string>> {
  const changes = await rowChanges();
  if (lastState?.changes === changes) return lastState.tables;
  const tables = await fullSnapshot();
  lastState = { changes: await rowChanges(), tables };
  return tables;
}

// ---- The properties ---------------------------------------------------------------------------

/** Whether the path reached a route whose answer is a file (fileAnswer), not `{ outcome }`. */
function isFileRoute(request: Request): boolean {
  const { pathname } = new URL(request.url);
  // HEAD is answered as GET.
  const method = request.method.toUpperCase() === 'HEAD' ? 'GET' : request.method.toUpperCase();
  // The first route that matches answers, as in the router (`/cms/ecm/:id/editions` before `/cms/ecm/:id/:report`).
  return ROUTES.find((route) => route.method === method && patternOf(route).test({ pathname }))?.response === fileAnswer;
}

async function checkResponse(request: Request, response: Response): Promise<void> {
  const label = `${request.method} ${request.url.slice(0, 300)}`;
  const text = await response.text();
  expect(response.status, `${label} answered ${response.status}: ${text.slice(0, 500)}`).toBeLessThan(500);
  if (response.status < 400) {
    // A file route (a report, the data export) answers its file; every other success is `{ outcome }`.
    if (isFileRoute(request)) expect(response.headers.get('content-type'), label).toMatch(/^(text\/csv|application\/(pdf|xml|json))\b/);
    else expect(JSON.parse(text), label).toHaveProperty('outcome');
    return;
  }
  expect(response.headers.get('content-type'), label).toMatch(/^application\/json\b/);
  const error = JSON.parse(text) as Record<string, unknown>;
  expect(Object.keys(error).sort(), label).toEqual(['message', 'statusCode', 'statusMessage']);
  expect(error.statusCode, label).toBe(response.status);
  expect(error.statusMessage, label).toEqual(expect.stringMatching(/\S/));
  expect(error.message, label).toEqual(expect.stringMatching(/\S/));
  expect(text, label).not.toMatch(LEAK);
}

beforeAll(async () => {
  await seedFixtures();
  await prepareSnapshot();
  // No call may leave the machine: identity providers and deploy hooks are unreachable.
  vi.stubGlobal('fetch', async () => new Response('offline', { status: 503 }));
  // Refused ID tokens are logged as warnings by design: hundreds of them are noise here.
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterAll(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('hostile input', () => {
  it('derives a matching path from every route pattern', () => {
    for (const route of ROUTES) {
      for (const path of fc.sample(
        pathArbitrary(route.path, () => fc.constantFrom('x1', 'triage', '1')),
        5,
      )) {
        expect(patternOf(route).test({ pathname: path }), `${route.method} ${route.path} -> ${path}`).toBe(true);
      }
    }
  });

  for (const route of ROUTES) {
    it(
      `${route.method} ${route.path}: never 5xx, errors are clean JSON, refused requests write nothing`,
      async () => {
        await fc.assert(
          fc.asyncProperty(requestArbitrary(route), async (input) => {
            const request = await buildRequest(input);
            const before = await snapshot();
            const response = await handleApi(request, callEnv());
            await checkResponse(request, response);
            // Nothing a request sends may reach the prototypes every object shares.
            expect(Object.getOwnPropertyNames(Object.prototype)).not.toContain('isAdmin');
            expect(({} as Record<string, unknown>).polluted).toBeUndefined();
            if (response.status >= 400) {
              const after = await snapshot();
              const allowed = writtenWhenRefused(request);
              const unchanged = (tables: Record<string, string>) => Object.fromEntries(Object.entries(tables).filter(([table]) => !allowed.includes(table)));
              expect(unchanged(after), `${request.method} ${request.url.slice(0, 300)} was refused with ${response.status} but changed the database`).toEqual(
                unchanged(before),
              );
            }
            // A cleared session cookie (signing out) ends the caller's session: their next request signs in again.
            const cleared = /(?:^|,\s*)t-ssid=;/.test(response.headers.get('set-cookie') ?? '');
            if (cleared && input.cookieMode.startsWith('session') && (input.caller === 'learner' || input.caller === 'editor')) cookies.delete(input.caller);
          }),
          { numRuns: NUM_RUNS },
        );
      },
      TIMEOUT_MS,
    );
  }
});
