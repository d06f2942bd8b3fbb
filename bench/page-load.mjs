// 50 concurrent clients for 30 s on a pre-rendered page (the catalogue, a static asset) and on an
// on-demand page (a course page, rendered by the Worker for the signed-in learner from D1), and the
// course page at one client; on `npm start`, on its Worker's own port, and on the stack before
// (`wrangler dev`) with the same build and database, one after the other in one run. BENCH_BEFORE_DIR
// names a build of older code (say `git worktree add ../before <commit>`, then there `npm install` and
// `npx astro build --outDir <dir>`): it is served the same way on the same database, for before/after rows.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createProxy, parseHeadersFile } from '../scripts/proxy.mjs';
import { startWorker } from '../scripts/worker-server.mjs';
import autocannon from 'autocannon';
import { markdownTable, writeSection } from './results.mjs';
import { signIn, startServer } from './server.mjs';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION = Number(process.env.BENCH_DURATION ?? 30);
const PAGES = [
  { page: 'catalogue (pre-rendered)', path: '/it-IT/catalogo-corsi', signedIn: false },
  // The learner's ECM course with an attempt behind them: the course page that reads the most (issue 35).
  { page: 'course (on demand, signed in)', path: '/it-IT/course/prevenzione-ica', signedIn: true },
];
const BROWSER = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-encoding': 'gzip, br',
  'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36',
};

/** One autocannon run of `path` on `base`: a row of the table. */
async function measure(stack, base, { page, path, signedIn }, cookie, connections) {
  const headers = { ...BROWSER, ...(signedIn ? { cookie } : {}) };
  // The page must be the real one, not a redirect to sign-in or an error page.
  const check = await fetch(`${base}${path}`, { headers, redirect: 'manual' });
  const html = await check.text();
  if (check.status !== 200 || !html.includes('<html')) throw new Error(`${stack}: ${path} answered ${check.status}`);
  console.log(`${stack}, ${page}: ${connections} client${connections === 1 ? '' : 's'} for ${DURATION} s...`);
  const result = await autocannon({ url: `${base}${path}`, connections, duration: DURATION, timeout: 10, headers });
  const responses = Object.values(result.statusCodeStats).reduce((sum, { count }) => sum + Number(count), 0);
  const codes = Object.entries(result.statusCodeStats)
    .filter(([code]) => code !== '200')
    .map(([code, { count }]) => `${count}x${code}`)
    .join(' ');
  return {
    stack,
    page,
    clients: connections,
    s: result.duration.toFixed(0),
    requests: responses + result.errors,
    'req/s': (responses / result.duration).toFixed(0),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    'max ms': result.latency.max,
    'KiB/response': (result.throughput.total / Math.max(1, responses) / 1024).toFixed(1),
    'non-200': codes || '0',
    'conn. errors': `${result.errors} (${result.timeouts} timeouts)`,
    'error rate %': ((100 * (result.errors + responses - Number(result.statusCodeStats['200']?.count ?? 0))) / Math.max(1, responses + result.errors)).toFixed(
      2,
    ),
  };
}

/** Every page at CONNECTIONS clients, and the signed-in page at one client too (its latency with no queue). */
async function measureStack(stack, base) {
  const cookie = await signIn(base);
  const stackRows = [];
  for (const page of PAGES) stackRows.push(await measure(stack, base, page, cookie, CONNECTIONS));
  stackRows.push(await measure(stack, base, PAGES[1], cookie, 1));
  return stackRows;
}

/**
 * The stack `npm start` used before this one, for the side-by-side rows: `wrangler dev` (its proxy
 * Worker and the Worker in two workerd processes, with file watching) on the same build and state.
 */
async function startWranglerDev(outDir, stateDir, port) {
  const child = spawn(
    process.execPath,
    ['node_modules/wrangler/bin/wrangler.js', 'dev', '--config', `${outDir}/server/wrangler.json`, '--port', String(port), '--ip', '127.0.0.1'].concat([
      '--persist-to',
      stateDir,
      '--show-interactive-dev-session=false',
      '--log-level',
      'warn',
    ]),
    { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, CI: '1', CLOUDFLARE_CF_FETCH_ENABLED: 'false' }, detached: true },
  );
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/it-IT`)).ok) return { base, stop: () => process.kill(-child.pid, 'SIGTERM') };
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  process.kill(-child.pid, 'SIGTERM');
  throw new Error('wrangler dev did not start');
}

const rows = [];
// One Worker for the whole run (no recycling mid-page): bench/memory-soak.mjs measures recycling.
const server = await startServer({ env: { TILES_RECYCLE_MB: '0' } });
try {
  rows.push(...(await measureStack('npm start (workerd accepting on the socket npm start holds)', server.base)));
} finally {
  await server.stop();
}
// What npm start ran until issue 35's socket hand-over: the same Worker behind a Node proxy (scripts/proxy.mjs).
{
  const worker = await startWorker({ dir: server.outDir, port: server.port + 20, stateDir: server.stateDir });
  const proxy = createProxy(() => ({ port: worker.port }), parseHeadersFile(readFileSync(`${server.outDir}/client/_headers`, 'utf8')));
  await new Promise((resolve) => proxy.listen(server.port + 21, '127.0.0.1', resolve));
  try {
    rows.push(...(await measureStack('the same Worker behind the Node proxy (npm start before)', `http://127.0.0.1:${server.port + 21}`)));
  } finally {
    proxy.close();
    proxy.closeAllConnections();
    await worker.stop();
  }
}
const BEFORE_DIR = process.env.BENCH_BEFORE_DIR;
if (BEFORE_DIR) {
  const before = await startWorker({ dir: BEFORE_DIR, port: server.port + 20, stateDir: server.stateDir });
  try {
    rows.push(...(await measureStack(`workerd, direct, code before (${BEFORE_DIR})`, `http://127.0.0.1:${before.port}`)));
  } finally {
    await before.stop();
  }
}
const old = await startWranglerDev(server.outDir, server.stateDir, server.port + 10);
try {
  rows.push(...(await measureStack('wrangler dev, direct (the stack before)', old.base)));
} finally {
  old.stop();
}
console.table(rows);
writeSection(
  'page-load',
  `\`bench/page-load.mjs\`: ${CONNECTIONS} concurrent autocannon clients for ${DURATION} s per page (and the course page at 1 client), GET with a browser's Accept, Accept-Encoding (gzip, br) and User-Agent; the course page with the demo learner's \`t-ssid\` cookie. KiB/response is what crossed the wire (compressed when the server compresses). Three stacks one after the other on the same build and database: \`npm start\` as a user runs it (workerd, started by \`npm start\` itself, accepting on the socket \`npm start\` holds), the same Worker behind the Node proxy \`npm start\` had in front until issue 35's socket hand-over, and \`wrangler dev\` (what \`npm start\` ran before that). With \`BENCH_BEFORE_DIR\`, a build of older code on the Worker's own port too. From issue 35 on, the signed-in page is \`prevenzione-ica\` (an ECM course with an attempt), before it \`triage-pronto-soccorso\`. Earlier runs of this table, on \`wrangler dev\` behind the proxy, are in git history (2026-11-25: catalogue 758 req/s, course 100 req/s, p50 478 ms on that day's machine load).

${markdownTable(rows)}
`,
);
