// The JavaScript heap of a Worker's isolate, read through the V8 inspector workerd opens
// (`npm start` opens its first Worker's at TILES_INSPECTOR_PORT). A workerd
// process's RSS also holds local R2 and D1 (miniflare's simulators) and the runtime's own caches:
// the isolate's heap is what the Worker's code itself keeps.

import { readdirSync, readFileSync } from 'node:fs';

const MiB = 1024 * 1024;

/**
 * The inspector address of the site's Worker: workerd's own inspector (npm start)
 * lists every internal Worker, the user's as `core:user:{name}`; wrangler's inspector proxy serves
 * only the Worker at /ws and refuses a connection without an Origin of this machine.
 */
async function workerTarget(port) {
  try {
    const targets = await (await fetch(`http://127.0.0.1:${port}/json`)).json();
    const user = targets.find((target) => String(target.id).startsWith('core:user:'));
    if (user) return user.webSocketDebuggerUrl;
  } catch {
    // not workerd's own inspector
  }
  return `ws://127.0.0.1:${port}/ws`;
}

/** Connects to the Worker's V8 inspector on `port`; `send(method, params)` answers the inspector's reply. */
export async function connectInspector(port) {
  const socket = new WebSocket(await workerTarget(port), { headers: { origin: 'http://127.0.0.1' } });
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = () => reject(new Error(`no V8 inspector answers on port ${port}`));
  });
  let id = 0;
  const pending = new Map();
  socket.onmessage = (event) => {
    const message = JSON.parse(event.data);
    pending.get(message.id)?.(message);
    pending.delete(message.id);
  };
  return {
    send: (method, params = {}) =>
      new Promise((resolve, reject) => {
        const n = ++id;
        pending.set(n, resolve);
        socket.send(JSON.stringify({ id: n, method, params }));
        // A profile of many seconds takes a while to come back.
        setTimeout(() => pending.has(n) && reject(new Error(`the inspector did not answer ${method}`)), 60_000);
      }),
    close: () => socket.close(),
  };
}

/** Connects to the inspector on `port`; `usage()` answers the heap's used and total size in MiB. */
export async function connectHeap(port) {
  const inspector = await connectInspector(port);
  return {
    async usage() {
      const answer = await inspector.send('Runtime.getHeapUsage');
      return { used: answer.result.usedSize / MiB, total: answer.result.totalSize / MiB };
    },
    close: inspector.close,
  };
}

/** Samples the heap every 250 ms until stopped: the used size first, at its peak and last, in MiB. */
export function sampleHeap(heap) {
  const values = [];
  const take = async () => values.push((await heap.usage()).used);
  let sampling = take();
  const timer = setInterval(() => (sampling = sampling.then(take)), 250);
  return async () => {
    clearInterval(timer);
    await sampling;
    await take();
    return { first: values[0], peak: Math.max(...values), last: values.at(-1) };
  };
}

// The RSS of every workerd process of the server: the isolate's heap and all else the process holds.

/** The workerd processes of the server started in process group `pgid` (bench/server.mjs). */
export function workerdProcesses(pgid) {
  const found = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const pgrp = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
      if (pgrp === pgid && readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes('workerd')) found.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

const rssMiB = (pid) => {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
};

/** Samples each workerd's RSS every 100 ms until stopped: first, peak and last per process. */
export function sampleMemory(pids) {
  const samples = new Map(pids.map((pid) => [pid, []]));
  const take = () => pids.forEach((pid) => samples.get(pid).push(rssMiB(pid)));
  take();
  const timer = setInterval(take, 100);
  return () => {
    clearInterval(timer);
    take();
    return pids.map((pid) => {
      const values = samples.get(pid);
      return { pid, first: values[0], peak: Math.max(...values), last: values.at(-1) };
    });
  };
}
