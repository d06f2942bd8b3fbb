// GET /api/stats for a learner with 1 year of history (about 50,000 hits) and one with 10 years
// (about 500,000): median and p99 latency in the local Worker, and their ratio (does the cost
// grow with history?). Target: p99 under 50 ms, ratio under 2.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hashPassword } from '../functions/auth/password.ts';
import { markdownTable, writeSection } from './results.mjs';
import { signIn, startServer } from './server.mjs';

const STATE = '.wrangler/bench-stats';
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);
const DAY = 86_400_000;

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, CI: '1', ...env } });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`);
}

const pepper = readFileSync('.dev.vars', 'utf8').match(/^PASSWORD_PEPPER=(.*)$/m)?.[1] ?? '';
const learners = [
  { id: 'u-bench-1y', code: 'bench.1y', years: 1, hits: 50_000 },
  { id: 'u-bench-10y', code: 'bench.10y', years: 10, hits: 500_000 },
];
const password = 'Bench-Learner-2026!';

/** History written in SQL itself (a recursive counter): hits, their hourly roll-up and the total. */
async function historySql(learner, now) {
  const step = Math.floor((learner.years * 365 * DAY) / learner.hits);
  return `
INSERT OR IGNORE INTO user (id, site_id, code, password_hash, first_name, last_name, gender, locale, roles, created_at, updated_at)
VALUES ('${learner.id}', 'tiles-demo', '${learner.code}', '${await hashPassword(password, pepper)}', 'Bench', '${learner.years}y', 'n', 'it-IT', '["learner"]', ${now}, ${now});
WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ${learner.hits - 1})
INSERT INTO hit (site_id, user_id, identity, ua, origin, path, ms, device, course_id, module_number, session_number, created_at)
SELECT 'tiles-demo', '${learner.id}', 'bench', 'bench', 'web', '/it-IT/course/session/prevenzione-ica/1/1', 60000 + (i % 7) * 30000,
       CASE i % 4 WHEN 0 THEN 'windows' WHEN 1 THEN 'android' WHEN 2 THEN 'ios' ELSE 'macos' END, 'prevenzione-ica', 1, 1, ${now} - i * ${step}
FROM n;
INSERT INTO stats_hourly (site_id, user_id, day, hour, device, subject, ms)
SELECT site_id, user_id, strftime('%Y-%m-%d', created_at / 1000 + 3600, 'unixepoch'), CAST(strftime('%H', created_at / 1000 + 3600, 'unixepoch') AS INTEGER),
       device, CASE created_at % 3 WHEN 0 THEN 'cat-rischio-clinico' WHEN 1 THEN 'cat-comunicazione' ELSE 'cat-emergenza-urgenza' END, SUM(ms)
FROM hit WHERE user_id = '${learner.id}' GROUP BY 1, 2, 3, 4, 5, 6;
INSERT OR REPLACE INTO stats_total (site_id, user_id, ms) SELECT site_id, user_id, SUM(ms) FROM hit WHERE user_id = '${learner.id}' GROUP BY 1, 2;
`;
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

rmSync(STATE, { recursive: true, force: true });
run(process.execPath, ['scripts/prepare-db.mjs'], { TILES_STATE_DIR: STATE });
mkdirSync('.wrangler/seed', { recursive: true });
const now = Date.now();
writeFileSync('.wrangler/seed/bench-history.sql', (await Promise.all(learners.map((l) => historySql(l, now)))).join('\n'));
const loadStarted = performance.now();
run('npx', ['wrangler', 'd1', 'execute', 'DB', '--local', '--persist-to', STATE, '--file', '.wrangler/seed/bench-history.sql']);
console.log(`History written in ${((performance.now() - loadStarted) / 1000).toFixed(1)} s`);

const server = await startServer({ stateDir: STATE, fresh: false });
try {
  const rows = [];
  for (const learner of learners) {
    const cookie = await signIn(server.base, learner.code, password);
    const get = () => fetch(`${server.base}/api/stats`, { headers: { cookie, 'tiles-site-id': 'tiles-demo', 'tiles-locale-code': 'it-IT' } });
    const check = await (await get()).json();
    for (let i = 0; i < 20; i++) await (await get()).arrayBuffer();
    const times = [];
    for (let i = 0; i < REQUESTS; i++) {
      const started = performance.now();
      const response = await get();
      await response.arrayBuffer();
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    rows.push({
      learner: `${learner.years} year(s), ${learner.hits.toLocaleString('en')} hits`,
      'total h': Math.round(check.outcome.data.totalTimeSpent / 3_600_000),
      requests: REQUESTS,
      'median ms': percentile(times, 50).toFixed(1),
      'p99 ms': percentile(times, 99).toFixed(1),
    });
  }
  console.table(rows);
  const ratio = Number(rows[1]['p99 ms']) / Number(rows[0]['p99 ms']);
  const medianRatio = Number(rows[1]['median ms']) / Number(rows[0]['median ms']);
  const summary = `10-year / 1-year: median ${medianRatio.toFixed(2)}x, p99 ${ratio.toFixed(2)}x (target: p99 < 50 ms, ratio < 2)`;
  console.log(summary);
  writeSection(
    'stats-latency',
    `\`bench/stats-latency.mjs\`: \`GET /api/stats\` one request at a time for learners with 1 and 10 years of history.\n\n${markdownTable(rows)}\n\n${summary}\n`,
  );
} finally {
  server.stop();
  rmSync(STATE, { recursive: true, force: true });
}
