// Course authoring at size: a course of 20 modules of 10 sessions. The editor's structure view
// (its two calls), the editor's and the learner's course page, p50 and p99 over sequential requests
// in the local Worker (target: under 50 ms p99); then a new course created, structured and
// published through the API, timed from "Pubblica" to live (target: within 20 s).
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { markdownTable, writeSection } from './results.mjs';
import { signIn, startServer } from './server.mjs';

const STATE = '.wrangler/bench-authoring';
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);
const COURSE = 'bench-grande';
const LOCALES = ['it-IT', 'en-US', 'de-DE'];
const MODULES = 20;
const SESSIONS = 10;
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, CI: '1', ...env } });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`);
}

const q = (text) => `'${text.replaceAll("'", "''")}'`;
function courseSql() {
  const out = [`INSERT INTO course (id, site_id, category_id, ecm_credits, position) VALUES ('${COURSE}', 'tiles-demo', 'cat-rischio-clinico', NULL, 99);`];
  for (const locale of LOCALES) {
    out.push(
      `INSERT INTO course_text VALUES ('${COURSE}', '${locale}', 'Corso grande (${locale})', 'Venti moduli di dieci sessioni.', 'Un corso per misurare.');`,
    );
  }
  for (let m = 1; m <= MODULES; m++) {
    out.push(`INSERT INTO module (course_id, number, position) VALUES ('${COURSE}', ${m}, ${m});`);
    for (const locale of LOCALES) out.push(`INSERT INTO module_text VALUES ('${COURSE}', ${m}, '${locale}', 'Modulo ${m} (${locale})');`);
    for (let s = 1; s <= SESSIONS; s++) {
      const video = s % 3 === 0;
      const captions = video ? q(JSON.stringify(Object.fromEntries(LOCALES.map((l) => [l, `/media/lezione-video.${l}.vtt`])))) : "'{}'";
      out.push(
        `INSERT INTO session (course_id, module_number, number, kind, duration, media_url, position, captions) VALUES ('${COURSE}', ${m}, ${s}, '${video ? 'video' : 'text'}', '0h 12m 30s', ${video ? "'/media/lezione-video.webm'" : 'NULL'}, ${s}, ${captions});`,
      );
      for (const locale of LOCALES) {
        const body = q(
          JSON.stringify([
            { type: 'h2', text: 'Obiettivi' },
            { type: 'p', text: 'Testo della sessione. '.repeat(40) },
          ]),
        );
        out.push(`INSERT INTO session_text VALUES ('${COURSE}', ${m}, ${s}, '${locale}', 'Sessione ${m}.${s} (${locale})', ${body});`);
      }
    }
  }
  return out.join('\n');
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function measure(name, request) {
  const check = await request();
  if (!check.ok) throw new Error(`${name}: ${check.status} ${await check.text()}`);
  await check.arrayBuffer();
  for (let i = 0; i < 20; i++) await (await request()).arrayBuffer();
  const times = [];
  for (let i = 0; i < REQUESTS; i++) {
    const started = performance.now();
    await (await request()).arrayBuffer();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { view: name, requests: REQUESTS, 'median ms': percentile(times, 50).toFixed(1), 'p99 ms': percentile(times, 99).toFixed(1) };
}

rmSync(STATE, { recursive: true, force: true });
run(process.execPath, ['scripts/prepare-db.mjs'], { TILES_STATE_DIR: STATE });
mkdirSync('.wrangler/seed', { recursive: true });
writeFileSync('.wrangler/seed/bench-authoring.sql', courseSql());
run('npx', ['wrangler', 'd1', 'execute', 'DB', '--local', '--persist-to', STATE, '--file', '.wrangler/seed/bench-authoring.sql']);

const server = await startServer({ stateDir: STATE, fresh: false });
try {
  const editor = await signIn(server.base, 'editor.demo', 'Editor-Demo-2026!');
  const learner = await signIn(server.base, 'studente.demo', 'Studente-Demo-2026!');
  const api = (cookie, path, init = {}) =>
    fetch(`${server.base}/api${path}`, {
      ...init,
      headers: {
        cookie,
        origin: server.base,
        'content-type': 'application/json',
        'tiles-site-id': 'tiles-demo',
        'tiles-locale-code': 'it-IT',
        ...init.headers,
      },
    });
  const page = (cookie, path) => fetch(`${server.base}${path}`, { headers: { cookie, 'user-agent': BROWSER } });
  const rows = [
    await measure('editor: structure (GET /api/cms/courses/{id}/structure)', () => api(editor, `/cms/courses/${COURSE}/structure?locale=it-IT`)),
    await measure('editor: outline (GET /api/cms/documents/outline/it-IT/{id})', () => api(editor, `/cms/documents/outline/it-IT/${COURSE}`)),
    await measure('editor: the course page (HTML)', () => page(editor, `/it-IT/course/${COURSE}`)),
    await measure('learner: the course page (HTML)', () => page(learner, `/it-IT/course/${COURSE}`)),
  ];
  console.table(rows);

  // A new course, as an editor makes it through the API, then "Pubblica" until the build is live.
  const send = async (method, path, body) => {
    const response = await api(editor, path, { method, body: JSON.stringify(body) });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()).outcome;
  };
  await send('POST', '/cms/courses', {
    id: 'bench-nuovo',
    title: 'Corso nuovo',
    summary: 'Creato dal benchmark.',
    description: 'Un corso creato e pubblicato dal benchmark.',
    category: 'cat-rischio-clinico',
    ecmCredits: null,
    moduleTitle: 'Primo modulo',
  });
  const session = { number: 1, kind: 'text', duration: '0h 10m 0s', media: null, poster: null, captions: {} };
  await send('PUT', '/cms/documents/outline/it-IT/bench-nuovo', {
    category: 'cat-rischio-clinico',
    ecmCredits: null,
    withdrawn: false,
    modules: [{ number: 1, sessions: [session] }],
  });
  await send('PUT', '/cms/documents/session/it-IT/bench-nuovo.1.1', { title: 'Prima sessione', body: [{ type: 'p', text: 'Testo.' }] });
  const started = performance.now();
  const published = await send('POST', '/cms/publish', {});
  let build = published.build;
  while (build.status !== 'live' && build.status !== 'failed') {
    await new Promise((resolve) => setTimeout(resolve, 250));
    build = await send('GET', `/cms/builds/${published.requestId}`);
  }
  const seconds = (performance.now() - started) / 1000;
  const catalogue = await (await fetch(`${server.base}/it-IT/catalogo-corsi-no-ecm`, { headers: { 'user-agent': BROWSER } })).text();
  const listed = catalogue.includes('/it-IT/course/bench-nuovo');
  console.log(`publish of a new course: ${build.status} in ${seconds.toFixed(1)} s; in the static catalogue: ${listed}`);
  writeSection(
    'course-authoring',
    `\`bench/course-authoring.mjs\`: a course of ${MODULES} modules of ${SESSIONS} sessions (3 locales), ${REQUESTS} sequential requests each after 20 warm-up ones (target: under 50 ms p99).\n\n${markdownTable(rows)}\n\nA new course created, structured and published through the API: **${build.status} ${seconds.toFixed(1)} s** from "Pubblica" (target: 20 s); in the rebuilt static catalogue: ${listed ? 'yes' : 'no'}.\n`,
  );
} finally {
  await server.stop();
  rmSync(STATE, { recursive: true, force: true });
}
