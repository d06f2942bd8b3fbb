// Where a signed-in page's CPU goes inside the Worker: a V8 CPU profile of the Worker's isolate,
// taken through workerd's inspector (TILES_INSPECTOR_PORT) while 10 clients load the signed-in
// course page, then its self time by function and by the module it comes from. workerd runs the
// Worker, D1 and the queue on one thread, so this is the time a request costs that thread, less
// what workerd spends outside JavaScript (HTTP, SQLite itself, compression).
import autocannon from 'autocannon';
import { HIT_PATH, hitBody } from './hits.mjs';
import { apiHeaders } from './server.mjs';
import { writeSection, markdownTable } from './results.mjs';
import { signIn, startServer } from './server.mjs';
import { connectInspector } from './worker-heap.mjs';

const INSPECTOR_PORT = Number(process.env.BENCH_INSPECTOR_PORT ?? 9231);
const DURATION = Number(process.env.BENCH_DURATION ?? 15);
const PATH = '/it-IT/course/prevenzione-ica';

/** Which part of the Worker a profile node's script is: its module's file, or workerd's own. */
function moduleOf(url) {
  if (!url) return '(V8: garbage collection, compilation)';
  if (url.startsWith('cloudflare-internal:') || url.startsWith('node-internal:') || url.startsWith('internal:')) return `workerd: ${url.split(/[/:]/)[1]}`;
  const file = url
    .split('/')
    .at(-1)
    .replace(/_[A-Za-z0-9-]{8}\.mjs$/, '.mjs');
  return file;
}

const server = await startServer({ env: { TILES_INSPECTOR_PORT: String(INSPECTOR_PORT), TILES_REQUEST_LOG: 'off', TILES_RECYCLE_MB: '0', TILES_EXTRA_VARS: JSON.stringify({ RATE_LIMITS: 'off' }) } });
try {
  const cookie = await signIn(server.base);
  const headers = { cookie, accept: 'text/html', 'accept-encoding': 'gzip, br' };
  // Warm the isolate (its modules compiled, its caches filled) before the profile.
  let sent = 0; const hitReq = () => ({ url: server.base, connections: 10, duration: 3, requests: [{ method: 'POST', path: HIT_PATH, headers: apiHeaders(server.base, { cookie }), setupRequest(req) { const n = ++sent; return { ...req, body: hitBody(`tab-probe-${n % 10}`, n) }; } }] });
  await autocannon(hitReq());
  const v8 = await connectInspector(INSPECTOR_PORT);
  await v8.send('Profiler.enable');
  await v8.send('Profiler.setSamplingInterval', { interval: 200 });
  await v8.send('Profiler.start');
  const load = await autocannon({ ...hitReq(), duration: DURATION });
  const { result } = await v8.send('Profiler.stop');
  v8.close();
  const { profile } = result;
  if (process.env.BENCH_PROFILE_FILE) (await import('node:fs')).writeFileSync(process.env.BENCH_PROFILE_FILE, JSON.stringify(profile));
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map(profile.nodes.flatMap((node) => (node.children ?? []).map((child) => [child, node.id])));
  // A native function (no script: Response.text(), the URL parser, crypto) counts for the module that called it.
  const scriptOf = (id) => {
    for (let node = nodes.get(id); node; node = nodes.get(parents.get(node.id))) if (node.callFrame.url) return node.callFrame.url;
    return '';
  };
  const selfUs = new Map();
  for (let i = 0; i < profile.samples.length; i++) selfUs.set(profile.samples[i], (selfUs.get(profile.samples[i]) ?? 0) + (profile.timeDeltas[i] ?? 0));
  const total = [...selfUs.values()].reduce((sum, us) => sum + us, 0);
  const byModule = new Map();
  const byFunction = new Map();
  let idle = 0;
  for (const [id, us] of selfUs) {
    const { callFrame } = nodes.get(id);
    if (callFrame.functionName === '(idle)') {
      idle += us;
      continue;
    }
    const module = moduleOf(callFrame.url || scriptOf(id));
    byModule.set(module, (byModule.get(module) ?? 0) + us);
    const name = `${callFrame.functionName || '(anonymous)'} (${module})`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + us);
  }
  const busy = total - idle;
  const requests = load.requests.total;
  const perRequest = (us) => (us / requests / 1000).toFixed(3);
  const rows = (map, count) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([name, us]) => ({ part: name, 'ms per request': perRequest(us), 'share of busy': `${((us / busy) * 100).toFixed(1)} %` }));
  const summary = `${requests} requests of ${PATH} (signed in, 10 clients, ${DURATION} s, ${load.requests.average} req/s); the isolate was busy in JavaScript ${perRequest(busy)} ms per request and idle ${((idle / total) * 100).toFixed(0)} % of the profile (idle includes SQLite, HTTP and compression, which run outside JavaScript on the same thread).`;
  console.log(summary);
  const modules = rows(byModule, 15);
  const functions = rows(byFunction, 20);
  console.table(modules);
  console.table(functions);
} finally {
  await server.stop();
}
