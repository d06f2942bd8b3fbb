// The local D1 database of the DB binding, as the Worker keeps it under a state directory, for the
// scripts that fill it (migrations, the seed, a build's snapshot): SQL goes whole to a small Worker
// in workerd, which runs it there, one request per call. Through a platform proxy every statement
// was a round trip of its own (thousands for a snapshot), and a machine loaded to its limit dropped
// one of those loopback connections now and then, failing a publish.
import { resolve } from 'node:path';
import { Miniflare, convertV4MiniflareOptions } from 'miniflare';
import { unstable_getMiniflareWorkerOptions } from 'wrangler';

// Each batch is one transaction, as `wrangler d1 execute` runs a file; an error answers its message.
const RUNNER = `export default {
  async fetch(request, env) {
    try {
      const results = [];
      for (const batch of await request.json()) results.push(await env.DB.batch(batch.map((sql) => env.DB.prepare(sql))));
      return Response.json(results);
    } catch (error) {
      return new Response(String(error?.message ?? error), { status: 500 });
    }
  },
};`;

/**
 * Opens the DB binding's database under `stateDir` (wrangler.toml's id, so the Worker and wrangler
 * find the same file); `run(batches)` runs lists of statements, each list one transaction, and
 * answers each list's results. `dispose()` when done.
 */
export async function openLocalD1(stateDir) {
  const { DB } = unstable_getMiniflareWorkerOptions('wrangler.toml').workerOptions.d1Databases;
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      // The same files as the Worker's and `wrangler d1 … --local`'s: v3/d1/ under the state.
      resourcePersistencePath: resolve(stateDir, 'v3'),
      cf: false,
      workers: [{ name: 'd1-local', modules: true, script: RUNNER, compatibilityDate: '2026-01-01', d1Databases: { DB: typeof DB === 'string' ? DB : DB.id } }],
    }),
  );
  await mf.ready;
  return {
    async run(batches) {
      const response = await mf.dispatchFetch('http://d1.local/', { method: 'POST', body: JSON.stringify(batches) });
      const text = await response.text();
      if (!response.ok) throw new Error(`D1: ${text}`);
      return JSON.parse(text);
    },
    dispose: () => mf.dispose(),
  };
}
