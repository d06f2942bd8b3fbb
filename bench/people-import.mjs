// The staff CSV import of 5,000 people (`POST /api/staff/people/import`), as the import page sends
// it: the semicolon-separated export of an Italian spreadsheet, its dry run (every row checked and
// matched, nothing written), then the import itself (5,000 invited people, their invitation links
// and e-mails in the outbox, all enrolled in a course, each invitation naming it) in one D1 batch. Target (issue 22): the
// import under 20 s.
import { rmSync } from 'node:fs';
import { markdownTable, writeSection } from './results.mjs';
import { apiHeaders, queryD1, signIn, startServer } from './server.mjs';

const STATE = '.wrangler/bench-import';
const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 5000);
const TARGET_S = 20;
const COURSE = 'movimentazione-pazienti';
const LIST_COURSE = 'prevenzione-ica';
const FIRST = ['Anna', 'Marco', 'Giulia', 'Luca', 'Chiara', 'Nicolò', 'Sara', 'Andrea', 'Francesca', 'Davide'];
const LAST = ['Rossi', 'Russo', 'Ferrari', 'Esposito', "D'Angelo", 'Romano', 'Colombo', 'Müller', 'Greco', 'De Luca'];

/** The file: a header row and ROWS people, each with a distinct e-mail; one in ten with a language. */
function csv() {
  const lines = ['nome;cognome;email;codice_fiscale;lingua'];
  for (let i = 0; i < ROWS; i++) {
    const first = FIRST[i % FIRST.length];
    const last = LAST[Math.floor(i / FIRST.length) % LAST.length];
    lines.push(`${first};${last};import.${i}@example.it;;${i % 10 === 0 ? 'en-US' : ''}`);
  }
  return new TextEncoder().encode(`${lines.join('\r\n')}\r\n`);
}

rmSync(STATE, { recursive: true, force: true });
const server = await startServer({ stateDir: STATE, fresh: true });
try {
  const cookie = await signIn(server.base, 'segreteria.demo', 'Segreteria-Demo-2026!');
  const file = csv();
  const post = async (query) => {
    const started = performance.now();
    const response = await fetch(`${server.base}/api/staff/people/import?${new URLSearchParams(query)}`, {
      method: 'POST',
      headers: apiHeaders(server.base, { cookie, 'content-type': 'application/octet-stream', 'content-length': String(file.byteLength) }),
      body: file,
    });
    if (!response.ok) throw new Error(`import: ${response.status} ${await response.text()}`);
    const { outcome } = await response.json();
    return { seconds: (performance.now() - started) / 1000, report: outcome };
  };
  const check = await post({ dryRun: '1', course: COURSE });
  const write = await post({ course: COURSE });
  const again = await post({ dryRun: '1', course: COURSE });
  // The same 5,000 addresses as a course's enrolment list (a second course; each newly enrolled gets its e-mail).
  const list = new TextEncoder().encode(`email\n${Array.from({ length: ROWS }, (_, i) => `import.${i}@example.it`).join('\n')}\n`);
  const listStarted = performance.now();
  const listed = await fetch(`${server.base}/api/staff/courses/${LIST_COURSE}/enrolments.csv`, {
    method: 'POST',
    headers: apiHeaders(server.base, { cookie, 'content-type': 'application/octet-stream', 'content-length': String(list.byteLength) }),
    body: list,
  });
  if (!listed.ok) throw new Error(`enrolment list: ${listed.status} ${await listed.text()}`);
  const listReport = (await listed.json()).outcome;
  const listSeconds = (performance.now() - listStarted) / 1000;
  const [{ invited, links, mails, enrolled }] = queryD1(
    STATE,
    `SELECT (SELECT COUNT(*) FROM user WHERE status = 'invited') AS invited, (SELECT COUNT(*) FROM invitation) AS links,
       (SELECT COUNT(*) FROM email_outbox WHERE template = 'invitation-enrolled') AS mails, (SELECT COUNT(*) FROM enrolment WHERE course_id = '${COURSE}' AND user_id IN (SELECT id FROM user WHERE status = 'invited')) AS enrolled`,
  );
  if (write.report.created !== ROWS || invited !== ROWS || links !== ROWS || mails !== ROWS || enrolled !== ROWS) {
    throw new Error(`expected ${ROWS} of each: ${JSON.stringify({ report: write.report, invited, links, mails, enrolled })}`);
  }
  const rows = [
    {
      step: 'dry run (checked, matched, nothing written)',
      rows: ROWS,
      seconds: check.seconds.toFixed(2),
      result: `${check.report.created} to create, ${check.report.errors.length} errors`,
    },
    {
      step: 'import (invited, links, outbox, enrolment)',
      rows: ROWS,
      seconds: write.seconds.toFixed(2),
      result: `${invited} invited, ${mails} e-mails queued, ${enrolled} enrolled`,
    },
    { step: 'dry run again (every row a duplicate)', rows: ROWS, seconds: again.seconds.toFixed(2), result: `${again.report.skipped} to skip` },
    {
      step: 'a course enrolment list of the same e-mails',
      rows: ROWS,
      seconds: listSeconds.toFixed(2),
      result: `${listReport.enrolled} enrolled, ${listReport.errors.length} errors`,
    },
  ];
  console.table(rows);
  const summary = `${ROWS.toLocaleString('en')} people imported in ${write.seconds.toFixed(1)} s (target: under ${TARGET_S} s), in one D1 batch of JSON-array statements (200 rows each).`;
  console.log(summary);
  writeSection(
    'people-import',
    `\`bench/people-import.mjs\`: the staff CSV import (\`POST /api/staff/people/import\`) of a ${(file.byteLength / 1024).toFixed(0)} KiB semicolon-separated file of ${ROWS.toLocaleString('en')} people, signed in as the demo's secretary, each enrolled in a course; wall time of each request in the local Worker.\n\n${markdownTable(rows)}\n\n${summary}\n`,
  );
  if (write.seconds >= TARGET_S) process.exitCode = 1;
} finally {
  await server.stop();
  rmSync(STATE, { recursive: true, force: true });
}
