// Build time and output size as the catalogue grows: the demo seed, then 500 and 2,000 generated
// courses (each in 3 locales, 2 modules of 2 sessions), each built from a database of its own.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { markdownTable, writeSection } from './results.mjs';

const sizes = (process.env.BENCH_COURSES ?? '0,500,2000').split(',').map(Number);
const LOCALES = ['it-IT', 'en-US', 'de-DE'];
const CATEGORIES = ['cat-rischio-clinico', 'cat-emergenza-urgenza', 'cat-comunicazione', 'cat-sicurezza-lavoro', 'cat-privacy-digitale'];

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, CI: '1', ...env } });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`);
}

function generatedSql(count) {
  const rows = { course: [], text: [], module: [], session: [] };
  for (let i = 1; i <= count; i++) {
    const id = `generato-${String(i).padStart(4, '0')}`;
    rows.course.push(`('${id}', 'tiles-demo', '${CATEGORIES[i % CATEGORIES.length]}', ${i % 2 ? 6 : 'NULL'}, ${1000 + i})`);
    for (const locale of LOCALES)
      rows.text.push(`('${id}', '${locale}', 'Corso generato ${i} (${locale})', 'Sintesi del corso ${i}.', 'Descrizione del corso ${i}.')`);
    for (const module of [1, 2]) {
      rows.module.push(`('${id}', ${module})`);
      for (const session of [1, 2]) rows.session.push(`('${id}', ${module}, ${session}, 'text', '0h 20m 30s', NULL)`);
    }
  }
  const chunked = (table, columns, values) => {
    const out = [];
    for (let i = 0; i < values.length; i += 200) out.push(`INSERT OR IGNORE INTO ${table} (${columns}) VALUES ${values.slice(i, i + 200).join(', ')};`);
    return out.join('\n');
  };
  return [
    chunked('course', 'id, site_id, category_id, ecm_credits, position', rows.course),
    chunked('course_text', 'course_id, locale, title, summary, description', rows.text),
    chunked('module', 'course_id, number', rows.module),
    chunked('session', 'course_id, module_number, number, kind, duration, media_url', rows.session),
  ].join('\n');
}

function measure(dir) {
  let bytes = 0;
  let pages = 0;
  for (const entry of readdirSync(dir, { recursive: true })) {
    const stat = statSync(join(dir, entry));
    if (stat.isDirectory()) continue;
    bytes += stat.size;
    if (entry.endsWith('.html')) pages++;
  }
  return { bytes, pages };
}

const rows = [];
for (const extra of sizes) {
  const stateDir = `.wrangler/bench-scale-${extra}`;
  const outDir = `bench/out-${extra}`;
  rmSync(stateDir, { recursive: true, force: true });
  rmSync(outDir, { recursive: true, force: true });
  run(process.execPath, ['scripts/prepare-db.mjs'], { TILES_STATE_DIR: stateDir });
  if (extra > 0) {
    mkdirSync('.wrangler/seed', { recursive: true });
    writeFileSync(`.wrangler/seed/generated-${extra}.sql`, generatedSql(extra));
    run('npx', ['wrangler', 'd1', 'execute', 'DB', '--local', '--persist-to', stateDir, '--file', `.wrangler/seed/generated-${extra}.sql`]);
  }
  const started = performance.now();
  run('npx', ['astro', 'build', '--outDir', outDir], { TILES_STATE_DIR: stateDir });
  const seconds = (performance.now() - started) / 1000;
  const { bytes, pages } = measure(join(outDir, 'client'));
  rows.push({
    courses: 12 + extra,
    'HTML pages': pages,
    'build s': seconds.toFixed(1),
    'ms per page': ((seconds * 1000) / pages).toFixed(0),
    'static MiB': (bytes / 1048576).toFixed(2),
  });
  rmSync(outDir, { recursive: true, force: true });
  rmSync(stateDir, { recursive: true, force: true });
}
console.table(rows);
writeSection(
  'catalogue-scale',
  `\`bench/catalogue-scale.mjs\`: build time and static output as the catalogue grows (each course in 3 locales, 2 modules of 2 sessions).\n\n${markdownTable(rows)}\n`,
);
