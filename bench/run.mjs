// npm run bench: every benchmark in bench/, each printing a table.
import { spawnSync } from 'node:child_process';

const only = process.argv[2];
for (const script of ['bench/page-weight.mjs', 'bench/stats-latency.mjs', 'bench/catalogue-scale.mjs']) {
  if (only && !script.includes(only)) continue;
  console.log(`\n## ${script}`);
  const result = spawnSync(process.execPath, [script], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
