// Memory of `npm start` under a long mixed load: BENCH_REQUESTS requests (1,000,000 unless told)
// from 50 autocannon clients taking turns over what a provider's server answers all day: pre-rendered
// pages, the signed-in course page, API reads, page hits and media ranges. The resident memory of
// every process of `npm start` (start.mjs and workerd) is summed every 5 s; the
// figures are at the start, halfway and the end, and how much the second half added.
import autocannon from 'autocannon';
import { readFileSync } from 'node:fs';
import { HIT_PATH, hitBody } from './hits.mjs';
import { markdownTable, writeSection } from './results.mjs';
import { apiHeaders, groupMembers, hitPathEnv, signIn, startServer } from './server.mjs';
import { DEFAULT_RECYCLE_MIB, WORKERD_V8_FLAGS } from '../scripts/worker-server.mjs';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1_000_000);
const CONNECTIONS = 50;
/**
 * A fresh sign-in this often: the access token lives an hour (functions/data/auth/tokens.ts) and a
 * browser keeps the renewed cookie, which autocannon would not; a soak of hours stays signed in.
 */
const SIGN_IN_EVERY_MS = 30 * 60 * 1000;
// npm start's own threshold unless told (0: never recycled, to see where workerd levels off).
const RECYCLE_MB = process.env.TILES_RECYCLE_MB ?? String(DEFAULT_RECYCLE_MIB);
// workerd's V8 heap settings as npm start sets them (scripts/worker-server.mjs) unless told.
const V8_FLAGS = process.env.MINIFLARE_WORKERD_V8_FLAGS ?? WORKERD_V8_FLAGS;

/** The summed resident memory of a process group's live processes, from /proc. */
function groupRss(pgid) {
  const members = groupMembers(pgid);
  let kib = 0;
  for (const pid of members) {
    try {
      kib += Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m)?.[1] ?? 0);
    } catch {
      // gone meanwhile
    }
  }
  return { mib: kib / 1024, processes: members.length };
}

/** A demo lesson's video, as a learner's player asks for it: must answer 206 before the load starts. */
async function mediaPath(base, cookie) {
  const path = '/media/lezione-procedura.mp4';
  const response = await fetch(`${base}${path}`, { headers: { cookie, range: 'bytes=0-65535' } });
  if (response.status !== 206) throw new Error(`${path} answered ${response.status}`);
  return path;
}

const server = await startServer({ env: { ...hitPathEnv('queue', process.env.BENCH_TOKEN), TILES_RECYCLE_MB: RECYCLE_MB } });
const samples = [];
let done = 0;
try {
  let cookie = await signIn(server.base);
  const media = await mediaPath(server.base, cookie);
  const renewal = setInterval(() => {
    signIn(server.base).then(
      (fresh) => (cookie = fresh),
      (error) => console.error(`sign-in renewal failed: ${error.message}`),
    );
  }, SIGN_IN_EVERY_MS).unref();
  // Each request reads the cookie when it is sent: the renewed one from then on.
  const signedIn = (request) => ({ ...request, headers: { ...request.headers, cookie } });
  const browser = { accept: 'text/html', 'accept-encoding': 'gzip, br', 'user-agent': 'Mozilla/5.0 (bench)' };
  let n = 0;
  const requests = [
    { method: 'GET', path: '/it-IT/catalogo-corsi', headers: browser },
    { method: 'GET', path: '/it-IT/course/prevenzione-ica', headers: browser, setupRequest: signedIn },
    { method: 'GET', path: '/api/lms/game/progress', headers: apiHeaders(server.base), setupRequest: signedIn },
    {
      method: 'POST',
      path: HIT_PATH,
      headers: apiHeaders(server.base),
      setupRequest: (request) => signedIn({ ...request, body: hitBody(`soak-tab-${++n % CONNECTIONS}`, n) }),
    },
    { method: 'GET', path: media, headers: { range: 'bytes=0-65535' }, setupRequest: signedIn },
  ];
  const started = Date.now();
  samples.push({ requests: 0, s: 0, ...groupRss(server.pid) });
  const sampler = setInterval(() => samples.push({ requests: done, s: (Date.now() - started) / 1000, ...groupRss(server.pid) }), 5000);
  const instance = autocannon({ url: server.base, connections: CONNECTIONS, amount: REQUESTS, timeout: 10, requests });
  instance.on('response', () => done++);
  const result = await instance;
  clearInterval(sampler);
  clearInterval(renewal);
  samples.push({ requests: done, s: (Date.now() - started) / 1000, ...groupRss(server.pid) });
  const at = (fraction) =>
    samples.reduce((best, sample) => (Math.abs(sample.requests - fraction * done) < Math.abs(best.requests - fraction * done) ? sample : best));
  const [start, half, end] = [at(0), at(0.5), at(1)];
  const peak = samples.reduce((max, sample) => Math.max(max, sample.mib), 0);
  const row = {
    requests: done,
    s: Math.round(end.s),
    'req/s': Math.round(done / end.s),
    'errors / non-2xx': `${result.errors + result.timeouts} / ${result.non2xx}`,
    'RSS MiB at start': Math.round(start.mib),
    'RSS MiB halfway': Math.round(half.mib),
    'RSS MiB at the end': Math.round(end.mib),
    'peak RSS MiB': Math.round(peak),
    'second half added': `${(((end.mib - half.mib) / half.mib) * 100).toFixed(1)} %`,
    processes: end.processes,
  };
  console.table([row]);
  const recycling =
    RECYCLE_MB === '0'
      ? 'Recycling off (TILES_RECYCLE_MB=0): where workerd levels off by itself.'
      : `\`npm start\` replaces its Worker with a fresh one of the same build when its workerd passes ${RECYCLE_MB} MiB (scripts/start.mjs), as PHP-FPM recycles its workers.`;
  writeSection(
    'memory-soak',
    `\`bench/memory-soak.mjs\`: ${REQUESTS.toLocaleString('en')} requests from ${CONNECTIONS} autocannon clients taking turns over a pre-rendered page (the catalogue), the signed-in course page, an API read (game progress), a page hit (queued) and a 64 KiB range of a lesson video, on a fresh \`npm start\`. RSS is the sum over every process of \`npm start\` (start.mjs and workerd), sampled every 5 s; "second half added" is the growth from the halfway sample to the last (target < 5 %). ${recycling} workerd's V8 flags: ${V8_FLAGS ? `\`${V8_FLAGS}\`` : "none (V8's defaults)"}. Before those flags, on this machine (2026-11-28): 100,000 requests recycling at 1024 MiB went from 451 MiB at the start to 1308 halfway and 1105 at the end, peak 1460; without recycling, 40,000 requests ended at 1743 MiB. With Miniflare in start.mjs's own process (until 2026-11-29, its 236 MiB at rest): the same 100,000 requests went from 422 MiB to 736 halfway and 743 at the end, at 151 req/s.\n\n${markdownTable([row])}`,
  );
  if (result.errors + result.timeouts > 0) process.exitCode = 1;
} finally {
  await server.stop();
}
