// SCORM sessions under load and a large package's upload. (1) 50 learners (the demo cohort and
// staff accounts, each on one of the demo course's two SCORM sessions) commit their runtime data
// every 30 s, as the player does, each from its own start in the first 30 s: commit latency
// (median, p99). (2) An editor uploads a 200 MB SCORM package through the media library API in its
// 8 MiB parts; the completion call checks the zip (central directory and manifest, by ranged
// reads) and unpacks it entry by entry into R2: its time is the unpacking's.
import { randomBytes } from 'node:crypto';
import { strToU8, zipSync } from 'fflate';
import { markdownTable, percentile, writeSection } from './results.mjs';
import { apiHeaders, BENCH_STATE_DIR, queryD1, signIn, startServer } from './server.mjs';

const LEARNERS = Number(process.env.BENCH_LEARNERS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 120);
const EVERY_MS = 30_000;
const PACKAGE_MB = Number(process.env.BENCH_PACKAGE_MB ?? 200);
const COURSE = 'igiene-mani-scorm';
const MiB = 1024 * 1024;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A 1.2 commit as scorm-again renders it: a learner part way through, with some suspend data. */
const cmi = (n) => ({
  core: { lesson_status: 'incomplete', lesson_location: `page-${n}`, session_time: `00:00:${String(n % 60).padStart(2, '0')}`, total_time: '00:00:00' },
  suspend_data: JSON.stringify({ answer: 'a', visited: Array.from({ length: 20 }, (_, i) => i), n }),
});

async function commits(base) {
  const codes = queryD1(BENCH_STATE_DIR, "SELECT code FROM user WHERE code NOT LIKE '%.demo' AND status = 'active' ORDER BY code LIMIT 60").map(
    (row) => row.code,
  );
  const accounts = [...codes.map((code) => [code, 'Corsista-Demo-2026!']), ['studente.demo', 'Studente-Demo-2026!'], ['nuovo.demo', 'Nuovo-Demo-2026!']];
  // A learner is an account on one of the two sessions: 50 of them from the accounts there are.
  const learners = [];
  for (let i = 0; learners.length < LEARNERS && i < accounts.length * 2; i++) {
    const [code, password] = accounts[i % accounts.length];
    learners.push({ cookie: await signIn(base, code, password), session: i < accounts.length ? 1 : 2, attempt: randomBytes(8).toString('hex') });
  }
  const latencies = [];
  let failed = 0;
  const started = Date.now();
  await Promise.all(
    learners.map(async (learner, index) => {
      await sleep((index / learners.length) * EVERY_MS);
      for (let sequence = 1; Date.now() - started < SECONDS * 1000; sequence++) {
        const at = performance.now();
        const response = await fetch(`${base}/api/lms/course/${COURSE}/session/1/${learner.session}/scorm`, {
          method: 'PUT',
          headers: apiHeaders(base, { cookie: learner.cookie }),
          body: JSON.stringify({ attempt: learner.attempt, sequence, cmi: cmi(sequence) }),
        });
        await response.arrayBuffer();
        if (response.ok) latencies.push(performance.now() - at);
        else failed += 1;
        await sleep(EVERY_MS);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return { learners: learners.length, commits: latencies.length, failed, median: percentile(latencies, 50), p99: percentile(latencies, 99) };
}

/** A package of `mb` MB: a manifest, a page, and files of incompressible bytes (stored, as media are). */
function bigPackage(mb) {
  const files = {
    'imsmanifest.xml': strToU8(`<?xml version="1.0"?><manifest identifier="bench" xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2">
<metadata><schemaversion>1.2</schemaversion></metadata><organizations default="o"><organization identifier="o"><title>Bench</title>
<item identifier="i" identifierref="r"><title>Bench</title></item></organization></organizations>
<resources><resource identifier="r" type="webcontent" adlcp:scormtype="sco" href="index.html"/></resources></manifest>`),
    'index.html': strToU8('<!DOCTYPE html><title>Bench</title><p>Bench</p>'),
  };
  const small = 200;
  for (let i = 0; i < small; i++) files[`pages/page-${i}.html`] = [strToU8(`<p>${'Pagina di prova. '.repeat(200)}</p>`), { level: 6 }];
  const big = 20;
  for (let i = 0; i < big; i++) files[`media/clip-${i}.bin`] = [randomBytes((mb * MiB) / big), { level: 0 }];
  return zipSync(files);
}

async function unpack(base) {
  const cookie = await signIn(base, 'editor.demo', 'Editor-Demo-2026!');
  const bytes = bigPackage(PACKAGE_MB);
  const headers = apiHeaders(base, { cookie });
  const started = await (
    await fetch(`${base}/api/cms/uploads`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: 'bench.zip', type: 'application/zip', size: bytes.length }),
    })
  ).json();
  const upload = started.outcome;
  const sendAt = performance.now();
  for (let part = 1; part <= upload.partCount; part++) {
    const body = bytes.subarray((part - 1) * upload.partSize, part * upload.partSize);
    const response = await fetch(`${base}/api/cms/uploads/${upload.id}/parts/${part}`, {
      method: 'PUT',
      headers: { ...headers, 'content-type': 'application/octet-stream' },
      body,
    });
    if (!response.ok) throw new Error(`part ${part}: ${response.status} ${await response.text()}`);
  }
  const sent = performance.now() - sendAt;
  const completeAt = performance.now();
  const done = await fetch(`${base}/api/cms/uploads/${upload.id}/complete`, { method: 'POST', headers });
  const answer = await done.json();
  if (!done.ok) throw new Error(`complete: ${done.status} ${answer.message}`);
  const completed = performance.now() - completeAt;
  const [row] = queryD1(BENCH_STATE_DIR, `SELECT files, bytes FROM scorm_package WHERE media_key = '${answer.outcome.key}'`);
  return { zipMB: (bytes.length / MiB).toFixed(1), files: row?.files, unpackedMB: ((row?.bytes ?? 0) / MiB).toFixed(1), sent, completed };
}

const server = await startServer({ env: { TILES_EXTRA_VARS: JSON.stringify({ RATE_LIMITS: 'off' }) } });
try {
  const load = await commits(server.base);
  const big = await unpack(server.base);
  writeSection(
    'scorm',
    `\`bench/scorm.mjs\`: (1) ${load.learners} learners (demo accounts, each on one of the demo course's two SCORM sessions) commit their SCORM 1.2 runtime data every 30 s for ${SECONDS} s, as the player does (\`PUT /api/lms/course/{c}/session/{m}/{s}/scorm\`, about 500 bytes of CMI). D1 statements per commit are counted from the code path: 2 to read the session (token, user), 1 for the role's permissions, 1 for the course's entry, 1 for the session's package, 1 upsert of the learner's data; a commit that completes the session adds the completion's 2 batches once. (2) A ${big.zipMB} MB package (${big.files} files: 20 stored media files, 200 deflated pages) uploaded by an editor in 8 MiB parts; "check and unpack" is the completion call: R2 joins the parts, the zip's directory and manifest are checked by ranged reads, and every entry is streamed into R2.

${markdownTable([
  {
    learners: load.learners,
    commits: load.commits,
    failed: load.failed,
    'median ms': load.median.toFixed(1),
    'p99 ms': load.p99.toFixed(1),
    'D1 statements per commit': 6,
  },
])}

${markdownTable([
  {
    'zip MB': big.zipMB,
    files: big.files,
    'unpacked MB': big.unpackedMB,
    'upload of the parts s': (big.sent / 1000).toFixed(1),
    'check and unpack s': (big.completed / 1000).toFixed(1),
  },
])}`,
  );
} finally {
  await server.stop();
}
