// 50 concurrent clients POST page hits to /api/event/hit for 60 s, as the browser's beacon does,
// first as visitors (one INSERT per hit), then as a signed-in learner (the hit and its statistics
// roll-ups in one batch). Every hit has its own identity; each acknowledged one (2xx with an _id)
// is looked up in D1 after the server has stopped: lost must be 0.
import autocannon from 'autocannon';
import { acknowledgedId, HIT_PATH, hitBody, lostHits, storedHits } from './hits.mjs';
import { markdownTable, writeSection } from './results.mjs';
import { apiHeaders, queryD1, signIn, startServer } from './server.mjs';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION = Number(process.env.BENCH_DURATION ?? 60);
const PHASES = (process.env.BENCH_HIT_PHASES ?? 'visitor,learner').split(',');

/** One autocannon run; records each acknowledged id with the identity it was sent with. */
async function hitLoad(base, prefix, cookie) {
  const acknowledged = new Map();
  let sent = 0;
  let withoutId = 0;
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: DURATION,
    timeout: 10,
    requests: [
      {
        method: 'POST',
        path: HIT_PATH,
        headers: apiHeaders(base, cookie ? { cookie } : {}),
        setupRequest(request, context) {
          const n = ++sent;
          context.identity = `${prefix}${n}`;
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
  return { result, acknowledged, withoutId, sent };
}

const server = await startServer();
const runId = Date.now().toString(36);
const runs = [];
try {
  const cookie = await signIn(server.base);
  for (const phase of PHASES) {
    const prefix = `hl-${runId}-${phase[0]}-`;
    console.log(`${phase}: ${CONNECTIONS} clients for ${DURATION} s...`);
    runs.push({ phase, prefix, ...(await hitLoad(server.base, prefix, phase === 'learner' ? cookie : undefined)) });
  }
} finally {
  await server.stop();
}

// Read back after the server has stopped: what was acknowledged must have been written for good.
const rows = runs.map(({ phase, prefix, result, acknowledged, withoutId }) => {
  const stored = storedHits(server.stateDir, prefix);
  const lost = lostHits(acknowledged, stored);
  if (lost.length) console.error(`${phase}: ${lost.length} acknowledged hits not in D1, e.g. ${JSON.stringify(lost.slice(0, 5))}`);
  const responses = Object.values(result.statusCodeStats).reduce((sum, { count }) => sum + Number(count), 0);
  const codes = Object.entries(result.statusCodeStats)
    .filter(([code]) => !code.startsWith('2'))
    .map(([code, { count }]) => `${count}x${code}`)
    .join(' ');
  const failed = result.non2xx + result.errors + withoutId;
  return {
    phase: phase === 'learner' ? 'learner (signed in)' : 'visitor',
    clients: CONNECTIONS,
    s: result.duration.toFixed(0),
    requests: responses + result.errors,
    'req/s': (responses / result.duration).toFixed(0),
    'req/s, slowest-fastest second': `${result.requests.min}-${result.requests.max}`,
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    'max ms': result.latency.max,
    acknowledged: acknowledged.size,
    stored: stored.size,
    lost: lost.length,
    'non-2xx': codes || '0',
    'conn. errors': `${result.errors} (${result.timeouts} timeouts)`,
    'error rate %': ((100 * failed) / Math.max(1, responses + result.errors)).toFixed(2),
  };
});
console.table(rows);
// The learner's hits and their roll-ups are written in one batch: their sums must still agree.
const [sums] = queryD1(
  server.stateDir,
  `SELECT (SELECT SUM(ms) FROM hit WHERE user_id = u.id) AS hits, (SELECT ms FROM stats_total WHERE user_id = u.id) AS total,
          (SELECT SUM(ms) FROM stats_hourly WHERE user_id = u.id) AS hourly FROM user u WHERE u.code = 'studente.demo'`,
);
const consistent = sums.hits === sums.total && sums.hits === sums.hourly;
const rollUps = `Learner's time after the run: hits ${sums.hits} ms, stats_total ${sums.total} ms, stats_hourly ${sums.hourly} ms: ${consistent ? 'consistent' : 'INCONSISTENT'}.`;
console.log(rollUps);
writeSection(
  'hit-load',
  `\`bench/hit-load.mjs\`: ${CONNECTIONS} concurrent autocannon clients for ${DURATION} s each POST \`/api/event/hit\` with the browser's body and headers (same-site Origin, \`tiles-site-id\`, \`tiles-locale-code\`), one identity per hit; first anonymous visitors (one INSERT), then the signed-in demo learner (hit plus statistics roll-ups in one batch). Acknowledged = 2xx with an \`_id\`; stored = the run's hits found in D1 after the server stopped; lost = acknowledged ids missing from D1 (must be 0). Stored can exceed acknowledged by requests still in flight when the run ended.

${markdownTable(rows)}

${rollUps}
`,
);
if (!consistent) process.exitCode = 1;
if (rows.some((row) => row.lost > 0)) {
  console.error('Acknowledged hits were lost.');
  process.exitCode = 1;
}
