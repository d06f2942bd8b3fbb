// JavaScript each page ships, compressed as a browser receives it (gzip), from the built HTML.
// Run after a build (npm start or npm run build); prints a table.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const CLIENT = 'dist/client';
if (!existsSync(CLIENT)) {
  console.error('No build output: run `npm run build` first.');
  process.exit(1);
}

const pages = {
  'home (it-IT)': 'it-IT.html',
  'catalogue (it-IT)': 'it-IT/catalogo-corsi.html',
  'catalogue no ECM (en-US)': 'en-US/catalogo-corsi-no-ecm.html',
  'content page (privacy)': 'it-IT/privacy.html',
  'tile page (pf)': 'it-IT/pf/percorso-infermieri.html',
};

/** Every script a page loads, following static imports between chunks. */
function scriptsOf(html) {
  const seen = new Set();
  const queue = [...html.matchAll(/(?:src|component-url|renderer-url|href)="(\/_astro\/[^"]+\.js)"/g)].map((m) => m[1]);
  for (const inline of html.matchAll(/<script[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/g)) {
    for (const m of inline[1].matchAll(/["'](\/_astro\/[^"']+\.js)["']/g)) queue.push(m[1]);
  }
  while (queue.length) {
    const path = queue.shift();
    if (seen.has(path)) continue;
    seen.add(path);
    const code = readFileSync(join(CLIENT, path), 'utf8');
    for (const m of code.matchAll(/from\s*["']\.\/([^"']+\.js)["']|import\s*["']\.\/([^"']+\.js)["']/g)) queue.push(`/_astro/${m[1] ?? m[2]}`);
  }
  return [...seen];
}

const rows = [];
for (const [name, file] of Object.entries(pages)) {
  const path = join(CLIENT, file);
  if (!existsSync(path)) continue;
  const html = readFileSync(path, 'utf8');
  const scripts = scriptsOf(html);
  const js = scripts.map((s) => readFileSync(join(CLIENT, s)));
  const raw = js.reduce((sum, b) => sum + b.length, 0);
  const gz = js.reduce((sum, b) => sum + gzipSync(b).length, 0);
  rows.push({ page: name, 'HTML gzip KiB': (gzipSync(html).length / 1024).toFixed(1), scripts: scripts.length, 'JS KiB': (raw / 1024).toFixed(1), 'JS gzip KiB': (gz / 1024).toFixed(1), React: scripts.some((s) => /react|client\./i.test(s)) ? 'yes' : 'no' });
}
console.table(rows);

let total = 0;
const walk = (dir) => {
  for (const entry of readdirSync(dir)) {
    const p = join(dir, entry);
    const s = statSync(p);
    if (s.isDirectory()) walk(p);
    else total += s.size;
  }
};
walk(CLIENT);
console.log(`Static output: ${(total / 1024 / 1024).toFixed(2)} MiB in ${CLIENT}`);
