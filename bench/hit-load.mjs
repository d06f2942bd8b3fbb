// Page hits, the direct path and the queued path side by side. For each path one server (`npm start`
// on a fresh database; HIT_WRITES=direct for the direct one), then 50 and then 200 concurrent
// autocannon clients for 30 s each, every client a tab of the signed-in demo learner posting hits as
// the browser's beacon does. Per run: hits/s, latency, and from the Worker's own counters the D1
// statements and batches (round trips) per hit, and how long after the load the last acknowledged
// hit was written. After the server has stopped, every acknowledged receipt is looked up in D1.
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { acknowledgedId, HIT_PATH, hitBody, lostHits, storedHits } from './hits.mjs';
import { markdownTable, writeSection } from './results.mjs';
import { apiHeaders, hitPathEnv, hitWriter, queryD1, signIn, startServer } from './server.mjs';

const PATHS = (process.env.BENCH_HIT_PATHS ?? 'direct,queue').split(',');
const CLIENTS = (process.env.BENCH_CLIENTS ?? '50,200').split(',').map(Number);
const DURATION = Number(process.env.BENCH_DURATION ?? 30);
const TOKEN = randomBytes(32).toString('hex');
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** One autocannon run: each connection is one tab (identity); records each acknowledged receipt. */
async function hitLoad(base, prefix, cookie, connections) {
  const acknowledged = new Map();
  let sent = 0;
  let withoutId = 0;
  const result = await autocannon({
    url: base,
    connections,
    duration: DURATION,
    timeout: 10,
    requests: [
      {
        method: 'POST',
        path: HIT_PATH,
        headers: apiHeaders(base, { cookie }),
        // autocannon starts each request with a fresh context: the tab is picked from the count
        // instead, so `connections` tabs take turns and each hit after a tab's first earns time.
        setupRequest(request, context) {
          const n = ++sent;
          context.identity = `${prefix}${n % connections}`;
          return { ...request, body: hitBody(context.identity, n) };
        },
        onResponse(status, body, context) {
          if (status < 200 || status >= 300) return;
          const id = acknowledgedId(body);
          if (id) acknowledged.set(id, context.identity);
          else withoutId++;
        },
      },
    ],
  });
  return { result, acknowledged, withoutId };
}

/** Seconds until everything acknowledged is written (the queue's consumer has caught up), at most 2 min. */
async function caughtUp(base) {
  const started = performance.now();
  for (;;) {
    const { pending, consuming } = await hitWriter(base, TOKEN);
    if ((pending === 0 && consuming === 0) || performance.now() - started > 120_000) return (performance.now() - started) / 1000;
    await sleep(50);
  }
}

const runId = Date.now().toString(36);
const rows = [];
const sums = [];
for (const path of PATHS) {
  const server = await startServer({ env: hitPathEnv(path, TOKEN) });
  const runs = [];
  try {
    const cookie = await signIn(server.base);
    for (const connections of CLIENTS) {
      const prefix = `hl-${runId}-${path[0]}${connections}-`;
      console.log(`${path}: ${connections} clients for ${DURATION} s...`);
      const before = await hitWriter(server.base, TOKEN);
      const load = await hitLoad(server.base, prefix, cookie, connections);
      const lag = await caughtUp(server.base);
      const after = await hitWriter(server.base, TOKEN);
      const hits = after.written.hits - before.written.hits;
      runs.push({
        connections,
        prefix,
        lag,
        hits,
        statements: after.written.statements - before.written.statements,
        batches: after.written.batches - before.written.batches,
        ...load,
      });
    }
  } finally {
    await server.stop();
  }
  // Read back after the server has stopped: what was acknowledged must have been written for good.
  for (const run of runs) {
    const stored = storedHits(server.stateDir, run.prefix);
    const lost = lostHits(run.acknowledged, stored);
    if (lost.length) console.error(`${path} ${run.connections}: ${lost.length} acknowledged hits not in D1, e.g. ${JSON.stringify(lost.slice(0, 5))}`);
    const { result } = run;
    const codes = Object.entries(result.statusCodeStats)
      .filter(([code]) => !code.startsWith('2'))
      .map(([code, { count }]) => `${count}x${code}`)
      .join(' ');
    rows.push({
      path,
      clients: run.connections,
      'hits/s': (run.acknowledged.size / result.duration).toFixed(0),
      'p50 ms': result.latency.p50,
      'p99 ms': result.latency.p99,
      'max ms': result.latency.max,
      'D1 statements per hit': (run.statements / Math.max(1, run.hits)).toFixed(2),
      'hits per D1 batch': (run.hits / Math.max(1, run.batches)).toFixed(1),
      'all written s after load': run.lag.toFixed(1),
      acknowledged: run.acknowledged.size,
      stored: stored.size,
      lost: lost.length,
      'non-2xx': codes || '0',
      'conn. errors': `${result.errors} (${result.timeouts} timeouts)`,
    });
  }
  // The learner's hits and their roll-ups are written in one transaction: their sums must agree.
  const [sum] = queryD1(
    server.stateDir,
    `SELECT (SELECT SUM(ms) FROM hit WHERE user_id = u.id) AS hits, (SELECT ms FROM stats_total WHERE user_id = u.id) AS total,
            (SELECT SUM(ms) FROM stats_hourly WHERE user_id = u.id) AS hourly FROM user u WHERE u.code = 'studente.demo'`,
  );
  sums.push({ path, ...sum, consistent: sum.hits === sum.total && sum.hits === sum.hourly });
}
console.table(rows);
const rollUps = sums
  .map(
    ({ path, hits, total, hourly, consistent }) =>
      `${path}: learner's hits ${hits} ms, stats_total ${total} ms, stats_hourly ${hourly} ms (${consistent ? 'consistent' : 'INCONSISTENT'}).`,
  )
  .join(' ');
console.log(rollUps);
writeSection(
  'hit-load',
  `\`bench/hit-load.mjs\`: the two ways a hit reaches D1, side by side. **direct**: each request writes its hit (clocks, hit row, roll-ups: one D1 batch). **queue**: the request puts the hit on the HITS queue and answers; the Worker's queue consumer writes up to 100 hits per D1 batch (\`functions/hits/hit-writer.ts\`). For each path a fresh \`npm start\`, then ${CLIENTS.join(' and ')} concurrent autocannon clients for ${DURATION} s each, every client a tab of the signed-in demo learner posting the browser's hit body and headers. Statements and batches are the Worker's own counters (\`GET /api/event/hit/writer\`); "all written" is how long after the load the last acknowledged hit was in D1; lost = acknowledged receipts missing from D1 after the server stopped (must be 0). Locally the queue is miniflare's, in the same workerd as the API.

${markdownTable(rows)}

${rollUps}
`,
);
if (sums.some((sum) => !sum.consistent)) process.exitCode = 1;
if (rows.some((row) => row.lost > 0)) {
  console.error('Acknowledged hits were lost.');
  process.exitCode = 1;
}
