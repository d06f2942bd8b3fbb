// npm run bench: every benchmark in bench/ in turn, each printing a table and writing its section of
// bench/RESULTS.md; `npm run bench -- <name>` runs the ones whose file name contains <name>.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

// Modules the benchmarks share, not benchmarks themselves.
const HELPERS = new Set(['run.mjs', 'server.mjs', 'results.mjs', 'hits.mjs', 'worker-heap.mjs']);
const ORDER = ['page-weight.mjs', 'stats-latency.mjs', 'catalogue-scale.mjs'];
const scripts = readdirSync('bench')
  .filter((file) => file.endsWith('.mjs') && !HELPERS.has(file))
  .sort((a, b) => (ORDER.indexOf(a) + 1 || ORDER.length + 1) - (ORDER.indexOf(b) + 1 || ORDER.length + 1) || a.localeCompare(b));

const only = process.argv[2];
let failed = 0;
for (const script of scripts) {
  if (only && !script.includes(only)) continue;
  console.log(`\n## bench/${script}`);
  const result = spawnSync(process.execPath, [`bench/${script}`], { stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`bench/${script} failed (${result.status ?? result.signal})`);
    failed++;
  }
}
if (failed) process.exit(1);
