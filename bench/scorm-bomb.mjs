// SCORM zip bombs uploaded through the media library API, as an editor would, each of about 1 MB
// that would unpack to 1 GiB or more (tests/scorm-zips.ts writes them: 1 MiB of zeros deflated
// once, its body behind every entry). (1) 1,000 entries that say so: refused from the central
// directory by the whole ratio. (2) 1,024 entries: refused by the 1 GiB bound. (3) 1,024 entries
// whose directory says 1 KiB each: nothing in the directory gives it away, so the unpacking meets
// it and stops at the first entry that inflates past its word. For each, the completion call's
// time to the refusal, and memory sampled all along: workerd's RSS and the Worker's isolate heap.
import { markdownTable, writeSection } from './results.mjs';
import { apiHeaders, BENCH_PORT, BENCH_STATE_DIR, queryD1, signIn, startServer } from './server.mjs';
import { connectHeap, sampleHeap, sampleMemory, workerdProcesses } from './worker-heap.mjs';
import { zerosBomb } from '../tests/scorm-zips.ts';

const MiB = 1024 * 1024;
const CASES = [
  { name: '1,000 × 1 MiB of zeros, declared (0.98 GiB)', bytes: () => zerosBomb(1_000) },
  { name: '1,024 × 1 MiB of zeros, declared (1 GiB and the manifest)', bytes: () => zerosBomb(1_024) },
  { name: '1,024 × 1 MiB of zeros, each declared 1 KiB (a lying directory)', bytes: () => zerosBomb(1_024, true) },
];

/**
 * fetch, once more when the server closed a kept-alive connection just as it was reused (undici's
 * "other side closed" after the D1 queries' pause): the upload's calls may be sent again.
 */
async function send(url, init) {
  try {
    return await fetch(url, init);
  } catch (error) {
    if (error?.cause?.code !== 'UND_ERR_SOCKET') throw error;
    return fetch(url, init);
  }
}

async function refuse(base, headers, bytes) {
  const started = await send(`${base}/api/cms/uploads`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ name: 'bomba.zip', type: 'application/zip', size: bytes.length }),
  });
  if (!started.ok) throw new Error(`upload start: ${started.status} ${await started.text()}`);
  const upload = (await started.json()).outcome;
  for (let part = 1; part <= upload.partCount; part++) {
    const body = bytes.subarray((part - 1) * upload.partSize, part * upload.partSize);
    const answer = await send(`${base}/api/cms/uploads/${upload.id}/parts/${part}`, {
      method: 'PUT',
      headers: { ...headers, 'content-type': 'application/octet-stream' },
      body,
    });
    if (!answer.ok) throw new Error(`part ${part}: ${answer.status} ${await answer.text()}`);
  }
  const at = performance.now();
  const done = await send(`${base}/api/cms/uploads/${upload.id}/complete`, { method: 'POST', headers });
  const answer = await done.json();
  return { status: done.status, message: answer.message, ms: performance.now() - at };
}

const INSPECTOR_PORT = BENCH_PORT + 20;
const server = await startServer({ env: { TILES_INSPECTOR_PORT: String(INSPECTOR_PORT), TILES_EXTRA_VARS: JSON.stringify({ RATE_LIMITS: 'off' }) } });
const rows = [];
try {
  const pids = workerdProcesses(server.pid);
  if (!pids.length) throw new Error('no workerd process found in the server group');
  const heap = await connectHeap(INSPECTOR_PORT);
  const cookie = await signIn(server.base, 'editor.demo', 'Editor-Demo-2026!');
  const headers = apiHeaders(server.base, { cookie });
  const count = (sql) => queryD1(BENCH_STATE_DIR, sql)[0]?.n;
  for (const { name, bytes: make } of CASES) {
    const bytes = make();
    const before = { media: count('SELECT COUNT(*) AS n FROM media'), packages: count('SELECT COUNT(*) AS n FROM scorm_package') };
    const stopMemory = sampleMemory(pids);
    const stopHeap = sampleHeap(heap);
    const outcome = await refuse(server.base, headers, bytes);
    const memory = stopMemory();
    const heapUse = await stopHeap();
    if (outcome.status < 400) throw new Error(`${name}: accepted (${outcome.status})`);
    const after = { media: count('SELECT COUNT(*) AS n FROM media'), packages: count('SELECT COUNT(*) AS n FROM scorm_package') };
    if (after.media !== before.media || after.packages !== before.packages) throw new Error(`${name}: a row was left in D1`);
    rows.push({
      bomb: name,
      'zip MB': (bytes.length / MiB).toFixed(2),
      answer: `${outcome.status}: ${outcome.message}`,
      'refused in ms': outcome.ms.toFixed(0),
      'workerd RSS MiB, before → peak, per process': memory.map((m) => `${m.first.toFixed(0)} → ${m.peak.toFixed(0)}`).join('; '),
      'Worker heap MiB, before → peak': `${heapUse.first.toFixed(1)} → ${heapUse.peak.toFixed(1)}`,
    });
    console.log(rows.at(-1));
  }
  heap.close();
} finally {
  await server.stop();
}

writeSection(
  'scorm-bomb',
  `\`bench/scorm-bomb.mjs\`: zip bombs of about 1 MB uploaded by an editor through the media library API (in one part), each of which would unpack to 1 GiB or more; "refused in" is the completion call (R2 joins the parts, the central directory is read by ranged reads and judged, and for the lying directory the unpacking starts and stops). RSS is each workerd process's (wrangler's proxy Worker and ours, local R2 and D1 included), sampled every 100 ms; the Worker's heap is its isolate's used JavaScript heap through the inspector (\`bench/worker-heap.mjs\`), every 250 ms. No media or package row is left in D1 after any of them (checked); that nothing is left in R2 is held by tests/api/scorm/package-bounds.test.ts.

${markdownTable(rows)}`,
);
