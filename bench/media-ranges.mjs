// A 1 GB lesson video served to 20 learners at once in 1 MB ranges, as their players stream and seek
// it: latency per range and the workerd processes' memory, sampled all along (the Worker passes
// R2's stream through and never holds a file). The same load then goes to a bare R2 pass-through
// Worker (bench/r2-pass-through.js) on the same local bucket: what local R2 itself takes is seen
// apart from the Worker's. The video is uploaded first through the media library API, in its 8 MiB
// parts, as an editor would (throughput and memory reported too). Every range's bytes are checked.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { markdownTable, percentile, writeSection } from './results.mjs';
import { apiHeaders, BENCH_PORT, BENCH_STATE_DIR, signIn, startServer } from './server.mjs';
import { connectHeap, sampleHeap, sampleMemory, workerdProcesses } from './worker-heap.mjs';

const MiB = 1024 * 1024;
const VIDEO_BYTES = Number(process.env.BENCH_VIDEO_MB ?? 1024) * MiB;
const LEARNERS = Number(process.env.BENCH_LEARNERS ?? 20);
const RANGES_PER_LEARNER = Number(process.env.BENCH_RANGES ?? 200);
/** A player's seek: every this many ranges a learner jumps elsewhere in the video. */
const SEEK_EVERY = 50;
const RANGE = MiB;
const SECONDS = 3600;

// ---- The video: an MP4 (ftyp, moov with an hour's mvhd, mdat) whose data bytes say where they are ----

const box = (type, body) => {
  const bytes = Buffer.alloc(8 + body.length);
  bytes.writeUInt32BE(8 + body.length, 0);
  bytes.write(type, 4, 'latin1');
  body.copy(bytes, 8);
  return bytes;
};
const mvhd = Buffer.alloc(100);
mvhd.writeUInt32BE(1000, 12);
mvhd.writeUInt32BE(SECONDS * 1000, 16);
const HEAD = Buffer.concat([
  box('ftyp', Buffer.from('isom\0\0\x02\0isomiso2avc1mp41', 'latin1')),
  box('moov', box('mvhd', mvhd)),
  // mdat's header: its size covers the rest of the file.
  (() => {
    const header = Buffer.alloc(8);
    header.write('mdat', 4, 'latin1');
    return header;
  })(),
]);
HEAD.writeUInt32BE(VIDEO_BYTES - (HEAD.length - 8), HEAD.length - 8);

/** The file's bytes from `offset`: the head, then data whose byte at d is a function of d. */
function fileBytes(offset, length) {
  const bytes = Buffer.alloc(length);
  for (let i = 0; i < length; i++) {
    const position = offset + i;
    if (position < HEAD.length) bytes[i] = HEAD[position];
    else {
      const d = position - HEAD.length;
      bytes[i] = (d * 31 + (d >>> 16)) & 0xff;
    }
  }
  return bytes;
}

const fmt = (value) => value.toFixed(0);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The learners' load on `url`: each makes RANGES_PER_LEARNER requests one after another. With a
 * `range` size, byte ranges of the video from the learner's own place in it, jumping elsewhere every
 * SEEK_EVERY, their bytes checked; without, plain GETs of a call that touches no media (the baseline).
 */
async function load(url, cookies, pids, heap, range = null) {
  const latencies = [];
  let bytes = 0;
  let wrong = 0;
  let failed = 0;
  const stopSampling = sampleMemory(pids);
  const stopHeap = sampleHeap(heap);
  const loadStarted = performance.now();
  await Promise.all(
    cookies.map(async (cookie, learner) => {
      const lastRange = Math.floor(VIDEO_BYTES / RANGE) - 1;
      let position = Math.floor(learner * (lastRange / LEARNERS));
      for (let n = 0; n < RANGES_PER_LEARNER; n++) {
        if (n > 0 && n % SEEK_EVERY === 0) position = (position * 31 + 977 * (learner + 1)) % lastRange;
        const offset = Math.min(position, lastRange) * RANGE;
        const end = Math.min(offset + (range ?? 0), VIDEO_BYTES) - 1;
        const headers = { ...(cookie ? { cookie } : {}), ...(range ? { range: `bytes=${offset}-${end}` } : {}) };
        const before = performance.now();
        try {
          const response = await fetch(url, { headers });
          const body = Buffer.from(await response.arrayBuffer());
          latencies.push(performance.now() - before);
          bytes += body.length;
          if (!range) {
            if (response.status !== 200) failed++;
          } else if (response.status !== 206 || body.length !== end - offset + 1) failed++;
          // The first and last 16 bytes are the file's at that place.
          else if (!body.subarray(0, 16).equals(fileBytes(offset, 16)) || !body.subarray(-16).equals(fileBytes(end - 15, 16))) wrong++;
        } catch {
          failed++;
        }
        position++;
      }
    }),
  );
  const seconds = (performance.now() - loadStarted) / 1000;
  const memory = stopSampling();
  const heapUsed = await stopHeap();
  if (failed || wrong) throw new Error(`${url}: ${failed} requests failed, ${wrong} had the wrong bytes`);
  latencies.sort((a, b) => a - b);
  const size = (n) => (n >= MiB ? `${n / MiB} MiB` : `${n / 1024} KiB`);
  return {
    learners: cookies.length,
    requests: range ? `${latencies.length} ranges × ${size(range)}` : `${latencies.length} calls`,
    'MiB served': fmt(bytes / MiB),
    s: seconds.toFixed(1),
    'p50 ms': fmt(percentile(latencies, 50)),
    'p95 ms': fmt(percentile(latencies, 95)),
    'p99 ms': fmt(percentile(latencies, 99)),
    'max ms': fmt(latencies.at(-1)),
    'failed / wrong bytes': `${failed} / ${wrong}`,
    'workerd RSS MiB, before → peak → after, per process': memory.map((m) => `${fmt(m.first)} → ${fmt(m.peak)} → ${fmt(m.last)}`).join('; '),
    'RSS growth MiB': fmt(memory.reduce((sum, m) => sum + m.last - m.first, 0)),
    'Worker heap MiB, before → peak → after': `${heapUsed.first.toFixed(1)} → ${heapUsed.peak.toFixed(1)} → ${heapUsed.last.toFixed(1)}`,
    'heap growth MiB': (heapUsed.last - heapUsed.first).toFixed(1),
  };
}

/** wrangler dev of the bare pass-through Worker, on the bench's local state, its inspector on `inspectorPort`; stopped with its whole process group. */
async function startControl(port, inspectorPort) {
  const folder = mkdtempSync(join(tmpdir(), 'r2-pass-through-'));
  const config = join(folder, 'wrangler.toml');
  writeFileSync(
    config,
    `name = "r2-pass-through"\nmain = "${resolve('bench/r2-pass-through.js')}"\ncompatibility_date = "2026-10-01"\n[[r2_buckets]]\nbinding = "MEDIA"\nbucket_name = "tiles-media"\n`,
  );
  const args = [
    'node_modules/wrangler/bin/wrangler.js',
    'dev',
    '--config',
    config,
    '--port',
    String(port),
    '--ip',
    '127.0.0.1',
    '--inspector-port',
    String(inspectorPort),
  ];
  const child = spawn(process.execPath, [...args, '--persist-to', BENCH_STATE_DIR, '--show-interactive-dev-session=false', '--log-level', 'warn'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
    env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: 'false' },
  });
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/media/x`, { headers: { range: 'bytes=0-0' }, signal: AbortSignal.timeout(2000) })).status === 404) break;
    } catch {
      // not yet
    }
    await sleep(500);
  }
  return {
    pid: child.pid,
    async stop() {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // gone
      }
      for (let i = 0; i < 100 && workerdProcesses(child.pid).length; i++) await sleep(100);
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

const INSPECTOR_PORT = BENCH_PORT + 20;
const server = await startServer({ env: { TILES_INSPECTOR_PORT: String(INSPECTOR_PORT) } });
const rows = [];
let uploadLine = '';
let key = '';
try {
  const pids = workerdProcesses(server.pid);
  if (!pids.length) throw new Error('no workerd process found in the server group');
  const heap = await connectHeap(INSPECTOR_PORT);

  // The editor uploads the video in parts.
  const editor = await signIn(server.base, 'editor.demo', 'Editor-Demo-2026!');
  const headers = apiHeaders(server.base, { cookie: editor });
  const stopUploadSampling = sampleMemory(pids);
  const stopUploadHeap = sampleHeap(heap);
  const uploadStarted = performance.now();
  const started = await fetch(`${server.base}/api/cms/uploads`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ name: 'Lezione di un’ora.mp4', type: 'video/mp4', size: VIDEO_BYTES }),
  });
  if (!started.ok) throw new Error(`upload start: ${started.status} ${await started.text()}`);
  const upload = (await started.json()).outcome;
  for (let part = 1; part <= upload.partCount; part++) {
    const offset = (part - 1) * upload.partSize;
    const body = fileBytes(offset, Math.min(upload.partSize, VIDEO_BYTES - offset));
    const answer = await fetch(`${server.base}/api/cms/uploads/${upload.id}/parts/${part}`, {
      method: 'PUT',
      headers: { ...headers, 'content-type': 'application/octet-stream' },
      body,
    });
    if (!answer.ok) throw new Error(`part ${part}: ${answer.status} ${await answer.text()}`);
  }
  const completed = await fetch(`${server.base}/api/cms/uploads/${upload.id}/complete`, { method: 'POST', headers });
  if (!completed.ok) throw new Error(`complete: ${completed.status} ${await completed.text()}`);
  const item = (await completed.json()).outcome;
  const uploadSeconds = (performance.now() - uploadStarted) / 1000;
  const uploadMemory = stopUploadSampling();
  const uploadHeap = await stopUploadHeap();
  if (item.size !== VIDEO_BYTES || Math.round(item.durationSeconds) !== SECONDS) throw new Error(`the library says ${JSON.stringify(item)}`);
  key = item.key;
  uploadLine = `Upload first, as an editor does: ${upload.partCount} parts of ${upload.partSize / MiB} MiB in ${uploadSeconds.toFixed(1)} s (${fmt(VIDEO_BYTES / MiB / uploadSeconds)} MiB/s, one part at a time, the file generated by the client as it goes), checked and listed with its duration read from the stored file (${item.durationSeconds} s). workerd RSS during the upload, per process: ${uploadMemory.map((m) => `${fmt(m.first)} → peak ${fmt(m.peak)} → ${fmt(m.last)} MiB`).join('; ')}; the Worker's heap ${uploadHeap.first.toFixed(1)} → peak ${uploadHeap.peak.toFixed(1)} → ${uploadHeap.last.toFixed(1)} MiB.`;

  // 20 learners stream it at once, from the Worker itself (npm start's own port: workerd accepts there).
  const cookies = [];
  for (let i = 0; i < LEARNERS; i++) cookies.push(await signIn(server.base));
  const worker = `http://127.0.0.1:${server.port}`;
  // What requests cost whatever they carry, first: as many API calls that touch no media, then as
  // many ranges of a thousandth of the size; then the real load.
  rows.push({ load: 'API call, no media (GET /api/i18n/locales)', ...(await load(`${worker}/api/i18n/locales`, cookies, pids, heap)) });
  rows.push({ load: 'the video, tiny ranges', ...(await load(`${worker}${item.url}`, cookies, pids, heap, 1024)) });
  rows.push({ load: 'the video, 1 MiB ranges', ...(await load(`${worker}${item.url}`, cookies, pids, heap, RANGE)) });
  heap.close();
} finally {
  await server.stop();
}
const control = await startControl(BENCH_PORT + 10, INSPECTOR_PORT + 1);
try {
  const controlHeap = await connectHeap(INSPECTOR_PORT + 1);
  rows.push({
    load: 'control: bare R2 pass-through Worker, 1 MiB ranges',
    ...(await load(
      `http://127.0.0.1:${BENCH_PORT + 10}/media/${key}`,
      Array.from({ length: LEARNERS }, () => null),
      workerdProcesses(control.pid),
      controlHeap,
      RANGE,
    )),
  });
  controlHeap.close();
} finally {
  await control.stop();
}
console.table(rows);
const growth = (row) => Number(row['RSS growth MiB']);
const heapGrowth = (row) => row['heap growth MiB'];
const [calls, tiny, full] = rows;
// Flat: what the heap keeps after 4,000 MiB is a few MiB at most, whatever it peaked at between collections.
const heapFlat = Number(heapGrowth(full)) < 8;
const heapLine = `The Worker's own memory, its isolate's JavaScript heap, went ${full['Worker heap MiB, before → peak → after']} MiB while it served ${full['MiB served']} MiB in 1 MiB ranges to ${LEARNERS} learners at once (growth ${heapGrowth(full)} MiB; ${heapGrowth(calls)} MiB over as many API calls that read no media): ${heapFlat ? 'flat, no file held in it' : 'NOT flat'}.`;
const verdict = `${heapLine} The Worker's workerd processes grew by ${growth(full)} MiB while serving ${full['MiB served']} MiB in 1 MiB ranges, by ${growth(tiny)} MiB for the same number of ranges of 1 KiB (${tiny['MiB served']} MiB in all), and by ${growth(calls)} MiB for as many API calls that read no media: local workerd's memory grows with the number of requests, even of those that read no media, not with the bytes served, and a ${VIDEO_BYTES / MiB / 1024} GiB file is never held (the bare pass-through over local R2 grew by ${growth(rows[3])} MiB for the same ranges).`;
writeSection(
  'media-ranges',
  `\`bench/media-ranges.mjs\`: a ${VIDEO_BYTES / MiB / 1024} GiB MP4 (an hour's \`mvhd\`; data bytes that say where they are) in the private media bucket, served by the Worker at \`/media/{key}\` to ${LEARNERS} signed-in learners (sessions of the demo learner) at once, each reading ${RANGES_PER_LEARNER} ranges of 1 MiB one after another as a player streams, from its own place in the video, jumping elsewhere every ${SEEK_EVERY} ranges; latency is to the range's last byte; the first and last 16 bytes of every range are checked against the file. Requests go to the Worker's own port (\`wrangler dev\` behind \`npm start\`'s proxy). RSS is each workerd process's (wrangler's proxy Worker and ours), sampled every 100 ms; the Worker's heap is its isolate's used JavaScript heap (V8's \`Runtime.getHeapUsage\` through the inspector wrangler opens, \`bench/worker-heap.mjs\`), sampled every 250 ms. Before the video's ranges, as many API calls that read no media and as many 1 KiB ranges, to tell what a request costs from what its bytes cost. Then the same load, without sessions, on a bare R2 pass-through Worker (\`bench/r2-pass-through.js\`) over the same local bucket: local R2 is miniflare's simulator, running in those same workerd processes, so the control shows what it takes by itself.

${uploadLine}

${markdownTable(rows)}

${verdict}
`,
);
