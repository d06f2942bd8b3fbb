// Fault: 20 clients POST hits (half as visitors, half as the signed-in learner) while the server is
// stopped with SIGTERM mid-run and started again on the same database (no wipe: `npm start` again,
// so migrations, seed check and build run first), once for each way hits reach D1 (direct, queue).
// Every hit acknowledged (2xx with an _id) before, during or after the restart must be in D1
// afterwards; requests refused while it is down are fine.
// A plain fetch client rather than autocannon: while the server is down each client waits 200 ms
// between attempts instead of reconnecting in a tight loop, so the refusals are countable.
import { randomBytes } from 'node:crypto';
import { acknowledgedId, HIT_PATH, hitBody, lostHits, storedHits } from './hits.mjs';
import { markdownTable, writeSection } from './results.mjs';
import { apiHeaders, hitPathEnv, signIn, startServer } from './server.mjs';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 20);
const BEFORE = Number(process.env.BENCH_BEFORE ?? 20);
const AFTER = Number(process.env.BENCH_AFTER ?? 20);

const PATHS = (process.env.BENCH_HIT_PATHS ?? 'direct,queue').split(',');
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const PHASES = ['before', 'during', 'after'];
const tally = () => ({ sent: 0, acknowledged: 0, withoutId: 0, refused: 0, reset: 0, timeout: 0, statuses: {} });

/** One restart under load with hits written the `path` way; returns its table rows and summary. */
async function restartRun(path) {
  const env = hitPathEnv(path, randomBytes(32).toString('hex'));
  const counts = Object.fromEntries(PHASES.map((phase) => [phase, tally()]));
  const acknowledged = Object.fromEntries(PHASES.map((phase) => [phase, new Map()]));
  let phase = 'before';
  let running = true;
  let sent = 0;
  let firstAckAfterStop = 0;

  let server = await startServer({ env });
  const base = server.base;
  const cookie = await signIn(base).catch(async (error) => {
    await server.stop();
    throw error;
  });
  const prefix = `rl-${Date.now().toString(36)}-${path[0]}-`;

  async function client(index) {
    const headers = apiHeaders(base, index % 2 ? { cookie } : {});
    while (running) {
      const n = ++sent;
      const identity = `${prefix}${n}`;
      const sentIn = counts[phase];
      sentIn.sent++;
      try {
        const response = await fetch(`${base}${HIT_PATH}`, { method: 'POST', headers, body: hitBody(identity, n), signal: AbortSignal.timeout(10_000) });
        const body = await response.text();
        // Counted in the phase the answer arrives in: an answer after SIGTERM is "during".
        const now = counts[phase];
        if (response.ok) {
          const id = acknowledgedId(body);
          if (id) {
            now.acknowledged++;
            acknowledged[phase].set(id, identity);
            if (phase !== 'before' && !firstAckAfterStop) firstAckAfterStop = performance.now();
          } else now.withoutId++;
        } else {
          now.statuses[response.status] = (now.statuses[response.status] ?? 0) + 1;
          await sleep(200);
        }
      } catch (error) {
        const code = error.cause?.code ?? error.name;
        const now = counts[phase];
        if (code === 'ECONNREFUSED') now.refused++;
        else if (code === 'TimeoutError') now.timeout++;
        else now.reset++;
        await sleep(200);
      }
    }
  }

  let clients = [];
  let stoppedSeconds = 0;
  let downSeconds = 0;
  let stopAt = 0;
  try {
    clients = Array.from({ length: CLIENTS }, (_, index) => client(index));
    console.log(`${CLIENTS} clients for ${BEFORE} s, then SIGTERM...`);
    await sleep(BEFORE * 1000);
    phase = 'during';
    stopAt = performance.now();
    await server.stop();
    stoppedSeconds = (performance.now() - stopAt) / 1000;
    console.log(`Stopped in ${stoppedSeconds.toFixed(1)} s; starting again on the same database...`);
    server = await startServer({ fresh: false, env });
    downSeconds = (performance.now() - stopAt) / 1000;
    phase = 'after';
    console.log(`Answering again ${downSeconds.toFixed(1)} s after SIGTERM; ${AFTER} s more load...`);
    await sleep(AFTER * 1000);
  } finally {
    running = false;
    await Promise.all(clients);
    await server.stop();
  }

  const stored = storedHits(server.stateDir, prefix);
  const allAcknowledged = new Map(PHASES.flatMap((name) => [...acknowledged[name]]));
  const rows = PHASES.map((name) => {
    const c = counts[name];
    const lost = lostHits(acknowledged[name], stored);
    if (lost.length) console.error(`${name}: ${lost.length} acknowledged hits not in D1, e.g. ${JSON.stringify(lost.slice(0, 5))}`);
    return {
      path,
      phase: name,
      'requests sent': c.sent,
      acknowledged: c.acknowledged,
      'lost (acknowledged, not in D1)': lost.length,
      'refused (server down)': c.refused,
      'cut (reset/closed)': c.reset,
      timeouts: c.timeout,
      'non-2xx':
        Object.entries(c.statuses)
          .map(([status, count]) => `${count}x${status}`)
          .join(' ') || '0',
      '2xx without _id': c.withoutId,
    };
  });
  const lostTotal = rows.reduce((sum, row) => sum + row['lost (acknowledged, not in D1)'], 0);
  const storedNotAcknowledged = [...stored.keys()].filter((id) => !allAcknowledged.has(id)).length;
  const summary = [
    `${path}: SIGTERM to \`npm start\` after ${BEFORE} s; it and its children had exited ${stoppedSeconds.toFixed(1)} s later; the site answered again ${downSeconds.toFixed(1)} s after SIGTERM (\`npm start\` reapplies migrations, checks the seed and rebuilds before it listens); first acknowledged hit ${firstAckAfterStop ? ((firstAckAfterStop - stopAt) / 1000).toFixed(1) : '-'} s after SIGTERM.`,
    `Acknowledged in all: ${allAcknowledged.size}; stored hits of the run in D1: ${stored.size}; lost: ${lostTotal}; stored but never acknowledged (in flight when cut): ${storedNotAcknowledged}.`,
  ];
  return { rows, summary, lostTotal };
}

const runs = [];
for (const path of PATHS) runs.push(await restartRun(path));
const rows = runs.flatMap((run) => run.rows);
const summary = runs.flatMap((run) => run.summary);
const lostTotal = runs.reduce((sum, run) => sum + run.lostTotal, 0);
console.table(rows);
for (const line of summary) console.log(line);
writeSection(
  'restart-load',
  `\`bench/restart-load.mjs\`: for each hit path (direct, queue), ${CLIENTS} clients (half visitors, half the signed-in learner) POST hits in a loop (200 ms pause after a failure); SIGTERM to \`npm start\` mid-run (it refuses new requests, lets those under way finish and, on the queued path, waits until the Worker has written every hit it queued, then stops), \`npm start\` again on the same database (no wipe), ${AFTER} s more; then every acknowledged hit (2xx with an \`_id\`) is looked up in D1. Answers are counted in the phase they arrive in ("during" = from SIGTERM until the restarted site answers).

${markdownTable(rows)}

${summary.join('\n')}
`,
);
if (lostTotal > 0) {
  console.error('Acknowledged hits were lost across the restart.');
  process.exitCode = 1;
}
