// JavaScript each kind of page ships, compressed as a browser receives it (gzip), following the
// scripts and island chunks its HTML names. Pre-rendered and on-demand pages, from a running build.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { markdownTable, writeSection } from './results.mjs';
import { BENCH_OUT_DIR, signIn, startServer } from './server.mjs';

// The build the bench server serves (bench/server.mjs builds into its own folder, not dist/).
const CLIENT = join(BENCH_OUT_DIR, 'client');

/** Every script a page loads, following static imports between chunks. */
function scriptsOf(html) {
  return scriptsFrom([...html.matchAll(/(?:src|component-url|renderer-url|before-hydration-url)="(\/_astro\/[^"]+\.js)"/g)].map((m) => m[1]));
}

function scriptsFrom(entries) {
  const seen = new Set();
  const queue = [...entries];
  while (queue.length) {
    const path = queue.shift();
    if (seen.has(path)) continue;
    seen.add(path);
    const code = readFileSync(join(CLIENT, path), 'utf8');
    for (const m of code.matchAll(/(?:from|import)\s*["']\.\/([^"']+\.js)["']/g)) queue.push(`/_astro/${m[1]}`);
  }
  return [...seen];
}

const inlineScripts = (html) => [...html.matchAll(/<script type="module">([\s\S]*?)<\/script>/g)].map((m) => Buffer.from(m[1]));

const server = await startServer();
try {
  const cookie = await signIn(server.base);
  const pages = [
    ['home', '/it-IT', false],
    ['catalogue', '/it-IT/catalogo-corsi', false],
    ['catalogue, no ECM (en-US)', '/en-US/catalogo-corsi-no-ecm', false],
    ['content page', '/it-IT/privacy', false],
    ['course (signed in)', '/it-IT/course/triage-pronto-soccorso', true],
    ['session player (signed in)', '/it-IT/course/session/triage-pronto-soccorso/1/1', true],
    ['profile: user data (signed in)', '/it-IT/profile/user-data', true],
    ['profile: user progress (charts drawn on the server)', '/it-IT/profile/user-progress', true],
    ['learning path', '/it-IT/pf/percorso-infermieri', false],
  ];
  const rows = [];
  for (const [name, path, signedIn] of pages) {
    const response = await fetch(`${server.base}${path}`, { headers: signedIn ? { cookie } : {}, redirect: 'manual' });
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
    const html = await response.text();
    const files = scriptsOf(html).map((s) => readFileSync(join(CLIENT, s)));
    const all = [...files, ...inlineScripts(html)];
    const raw = all.reduce((sum, b) => sum + b.length, 0);
    const gz = all.reduce((sum, b) => sum + gzipSync(b).length, 0);
    rows.push({
      page: name,
      'HTML gzip KiB': (gzipSync(html).length / 1024).toFixed(1),
      'JS files': files.length,
      'JS KiB': (raw / 1024).toFixed(1),
      'JS gzip KiB': (gz / 1024).toFixed(1),
      React: /renderer-url|react/i.test(html) ? 'yes' : 'no',
    });
  }
  // No charting code reaches the browser any more: the charts come drawn in the HTML.
  if (readdirSync(join(CLIENT, '_astro')).some((file) => /echarts|EChart/i.test(file))) throw new Error('A charting chunk is in the client build');
  console.table(rows);
  writeSection(
    'page-weight',
    `\`bench/page-weight.mjs\`: the JavaScript each kind of page ships (its scripts and island chunks, following static imports), raw and gzip. Budget: the catalogue at most 30 KiB gzip and no React.\n\n${markdownTable(rows)}\n`,
  );
  const catalogue = rows.find((row) => row.page === 'catalogue');
  if (Number(catalogue['JS gzip KiB']) > 30 || catalogue.React === 'yes') {
    console.error('Budget exceeded: the catalogue must ship at most 30 KiB of JavaScript and no React.');
    process.exitCode = 1;
  }
} finally {
  server.stop();
}
