// The staff learners list with 50,000 people: `GET /api/staff/people` one request at a time, as
// the staff page asks it (the whole list page by page, searches by name, e-mail, user code and
// codice fiscale, the status and course filters), the page itself for one search, and a course's
// report of 5,000 learners. Median and p99 latency per call in the local Worker. Target (issue
// 22): p99 under 100 ms.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { markdownTable, writeSection } from './results.mjs';
import { apiHeaders, queryD1, signIn, startServer } from './server.mjs';

const STATE = '.wrangler/bench-people';
const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 50_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const TARGET_P99_MS = 100;

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, CI: '1', ...env } });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`);
}

const FIRST = [
  'Anna',
  'Marco',
  'Giulia',
  'Luca',
  'Chiara',
  'Matteo',
  'Sara',
  'Andrea',
  'Francesca',
  'Davide',
  'Elena',
  'Simone',
  'Martina',
  'Federico',
  'Alessia',
  'Lorenzo',
  'Valentina',
  'Stefano',
  'Silvia',
  'Riccardo',
  'Laura',
  'Paolo',
  'Roberta',
  'Giorgio',
  'Ilaria',
  'Fabio',
  'Monica',
  'Alberto',
  'Paola',
  'Nicolò',
  'Beatrice',
  'Tommaso',
  'Camilla',
  'Pietro',
  'Noemi',
  'Gabriele',
  'Elisa',
  'Filippo',
  'Rosa',
  'Emanuele',
];
const LAST = [
  'Rossi',
  'Russo',
  'Ferrari',
  'Esposito',
  'Bianchi',
  'Romano',
  'Colombo',
  'Ricci',
  'Marino',
  'Greco',
  'Bruno',
  'Gallo',
  'Conti',
  'De Luca',
  'Mancini',
  'Costa',
  'Giordano',
  'Rizzo',
  'Lombardi',
  'Moretti',
  'Barbieri',
  'Fontana',
  'Santoro',
  'Mariani',
  'Rinaldi',
  'Caruso',
  'Ferrara',
  'Galli',
  'Martini',
  'Leone',
  'Longo',
  'Gentile',
  'Martinelli',
  'Vitale',
  'Lombardo',
  'Serra',
  'Coppola',
  'De Santis',
  "D'Angelo",
  'Marchetti',
  'Parisi',
  'Villa',
  'Conte',
  'Ferri',
  'Fabbri',
  'Bianco',
  'Marini',
  'Grasso',
  'Valentini',
  'Messina',
  'Sala',
  'De Angelis',
  'Gatti',
  'Pellegrini',
  'Palumbo',
  'Sanna',
  'Farina',
  'Rizzi',
  'Monti',
  'Cattaneo',
  'Morelli',
  'Amato',
  'Silvestri',
  'Mazza',
  'Testa',
  'Grassi',
  'Pellegrino',
  'Carbone',
  'Giuliani',
  'Benedetti',
  'Barone',
  'Rossetti',
  'Caputo',
  'Montanari',
  'Guerra',
  'Palmieri',
  'Bernardi',
  'Martino',
  'Fiore',
  'De Rosa',
  'Ferraro',
  'Fumagalli',
  'Mancuso',
  'Bellini',
  'Ruggiero',
  'Orlando',
  'Basile',
  'Riva',
  'Donati',
  'Bianchini',
  'Piras',
  'Lucchesi',
  'Neri',
  'Zanetti',
  'Negri',
  'Cirillo',
  'Ferretti',
  'Sorrentino',
  'Cristiani',
  'Mele',
];
const COURSE = 'movimentazione-pazienti';
const sqlString = (value) => `'${value.replaceAll("'", "''")}'`;

/**
 * The people, written by SQL itself (a recursive counter): names from the lists above, an e-mail
 * for four in five, a codice fiscale-shaped code for all, one in 50 suspended, a tenth enrolled in a
 * course and signed in at some point. The person_search triggers index every row as it lands.
 */
function peopleSql(now) {
  const first = sqlString(JSON.stringify(FIRST));
  const last = sqlString(JSON.stringify(LAST));
  return `
WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ${PEOPLE - 1}),
named AS (SELECT i, json_extract(${first}, '$[' || (i % ${FIRST.length}) || ']') AS f, json_extract(${last}, '$[' || ((i / ${FIRST.length}) % ${LAST.length}) || ']') AS l FROM n)
INSERT INTO user (id, site_id, code, password_hash, first_name, last_name, email, fiscal_code, gender, locale, roles, created_at, updated_at, status, last_sign_in_at)
SELECT 'u-bench-' || i, 'tiles-demo', 'p' || i, NULL, f, l,
       CASE WHEN i % 5 = 4 THEN NULL ELSE lower(replace(replace(f, 'ò', 'o'), ' ', '')) || '.' || lower(replace(replace(l, ' ', ''), '''', '')) || i || '@example.it' END,
       upper(substr(replace(replace(l, ' ', ''), '''', '') || 'XXX', 1, 3) || substr(f || 'XXX', 1, 3)) || printf('%02d', 40 + i % 60) || substr('ABCDEHLMPRST', 1 + i % 12, 1) || printf('%02d', 1 + i % 28) || 'H' || printf('%03d', i % 1000) || char(65 + i % 26),
       'n', 'it-IT', '["learner"]', ${now}, ${now},
       CASE WHEN i % 50 = 7 THEN 'suspended' ELSE 'active' END,
       CASE WHEN i % 3 = 0 THEN ${now} - i * 60000 ELSE NULL END
FROM named;
INSERT INTO enrolment (user_id, course_id, enrolled_at, enrolled_by, via) SELECT id, '${COURSE}', ${now}, 'u-segreteria-demo', 'staff' FROM user WHERE id LIKE 'u-bench-%' AND CAST(substr(id, 9) AS INTEGER) % 10 = 3;
`;
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

rmSync(STATE, { recursive: true, force: true });
run(process.execPath, ['scripts/prepare-db.mjs'], { TILES_STATE_DIR: STATE });
mkdirSync('.wrangler/seed', { recursive: true });
writeFileSync('.wrangler/seed/bench-people.sql', peopleSql(Date.now()));
const loadStarted = performance.now();
run('npx', ['wrangler', 'd1', 'execute', 'DB', '--local', '--persist-to', STATE, '--file', '.wrangler/seed/bench-people.sql']);
const loadSeconds = (performance.now() - loadStarted) / 1000;
const [{ people, indexed, enrolled }] = queryD1(
  STATE,
  `SELECT (SELECT COUNT(*) FROM user) AS people, (SELECT COUNT(*) FROM person_search_row) AS indexed, (SELECT COUNT(*) FROM enrolment WHERE course_id = '${COURSE}') AS enrolled`,
);
// One of the generated people, looked for by e-mail and by the first nine characters of the codice fiscale.
const [{ fiscal, email }] = queryD1(STATE, "SELECT fiscal_code AS fiscal, email FROM user WHERE id = 'u-bench-31337'");
console.log(`${people} people (${indexed} indexed, ${enrolled} enrolled in ${COURSE}) written in ${loadSeconds.toFixed(1)} s`);

const CALLS = [
  ['the whole list, page 1', '/api/staff/people'],
  ['the whole list, page 1,000', '/api/staff/people?page=1000'],
  ['the whole list, last page', `/api/staff/people?page=${Math.ceil(people / 25)}`],
  ['a surname start ("ros")', '/api/staff/people?q=ros'],
  ['one letter ("m")', '/api/staff/people?q=m'],
  ['one letter, page 100', '/api/staff/people?q=m&page=100'],
  ['first and last name ("anna rossi")', '/api/staff/people?q=anna%20rossi'],
  ['an e-mail address, whole', `/api/staff/people?q=${encodeURIComponent(email)}`],
  ['a user code', '/api/staff/people?q=p31337'],
  ['a codice fiscale, its first 9 characters', `/api/staff/people?q=${fiscal.slice(0, 9)}`],
  ['status: suspended', '/api/staff/people?status=suspended'],
  ['status: suspended, page 20', '/api/staff/people?status=suspended&page=20'],
  ['course filter (5,000 enrolled)', `/api/staff/people?course=${COURSE}`],
  ['course filter, page 100', `/api/staff/people?course=${COURSE}&page=100`],
  ['course filter and a name ("mar")', `/api/staff/people?course=${COURSE}&q=mar`],
  ['every filter: "ros", active, course', `/api/staff/people?q=ros&status=active&course=${COURSE}`],
  ['the staff page (HTML), "ros", active', '/it-IT/staff/people?q=ros&status=active'],
  ['who is where: the course report, page 1', `/api/staff/courses/${COURSE}/learners`],
  ['who is where: the course report, page 200', `/api/staff/courses/${COURSE}/learners?page=200`],
];

const server = await startServer({ stateDir: STATE, fresh: false });
try {
  const cookie = await signIn(server.base, 'segreteria.demo', 'Segreteria-Demo-2026!');
  const headers = { ...apiHeaders(server.base), cookie, 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0 Safari/537.36' };
  const rows = [];
  for (const [name, path] of CALLS) {
    const get = () => fetch(`${server.base}${path}`, { headers });
    const first = await get();
    if (!first.ok) throw new Error(`${path}: ${first.status} ${await first.text()}`);
    const answer = path.startsWith('/api/') ? (await first.json()).outcome : null;
    for (let i = 0; i < 10; i++) await (await get()).arrayBuffer();
    const times = [];
    for (let i = 0; i < REQUESTS; i++) {
      const started = performance.now();
      const response = await get();
      await response.arrayBuffer();
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    rows.push({
      call: name,
      matches: answer ? answer.total.toLocaleString('en') : '',
      requests: REQUESTS,
      'median ms': percentile(times, 50).toFixed(1),
      'p99 ms': percentile(times, 99).toFixed(1),
      'max ms': times[times.length - 1].toFixed(1),
    });
  }
  console.table(rows);
  const worst = Math.max(...rows.map((row) => Number(row['p99 ms'])));
  const summary = `${people.toLocaleString('en')} people written and indexed in ${loadSeconds.toFixed(1)} s (one INSERT … SELECT; the person_search triggers index each row). Worst p99: ${worst.toFixed(1)} ms (target: under ${TARGET_P99_MS} ms).`;
  console.log(summary);
  writeSection(
    'people-search',
    `\`bench/people-search.mjs\`: the staff learners list (\`GET /api/staff/people\`, 25 a page, name order) over ${people.toLocaleString('en')} people, one request at a time, signed in as the demo's secretary; then the server-rendered staff page for one search, and the report of the course with 5,000 enrolled (\`GET /api/staff/courses/{id}/learners\`).\n\n${markdownTable(rows)}\n\n${summary}\n`,
  );
  if (worst >= TARGET_P99_MS) process.exitCode = 1;
} finally {
  await server.stop();
  rmSync(STATE, { recursive: true, force: true });
}
