// The listening socket of `npm start`'s public port, held open by this process and accepted on only
// by workerd: each Worker's workerd gets a copy of it (scripts/worker-server.mjs), so a request goes
// from the socket straight into workerd, and a new build's workerd can take over the same port
// while the old one finishes what it accepted (scripts/start.mjs). Node itself must never accept on
// it: it is opened in a thread that, once listening, blocks for good, so that thread's event loop
// never polls the socket.
import { Worker } from 'node:worker_threads';

const HOLDER = `
const net = require('node:net');
const { parentPort, workerData } = require('node:worker_threads');
const server = net.createServer();
server.on('error', (error) => parentPort.postMessage({ error: error.message }));
server.listen({ host: workerData.host, port: workerData.port, backlog: 511 }, () => {
  // Linux gives each accepted connection the listening socket's TCP_NODELAY, and workerd sets it
  // only on listeners of its own: without it, a response's second write waits for the client's ACK.
  server._handle.setNoDelay(true);
  parentPort.postMessage({ fd: server._handle.fd });
  // Blocks until close() flips the flag: no event loop turn, so no accept, until then.
  Atomics.wait(workerData.flag, 0, 0);
  server.close();
});
`;

/**
 * Listens on host:port and resolves to `{ fd, close }`: the socket's descriptor, to give to a child
 * process, and the way to stop listening (when the server stops).
 */
export async function holdListeningSocket({ host, port }) {
  const flag = new Int32Array(new SharedArrayBuffer(4));
  const thread = new Worker(HOLDER, { eval: true, workerData: { host, port, flag } });
  const message = await new Promise((resolve, reject) => {
    thread.once('message', resolve);
    thread.once('error', reject);
  });
  if (message.error) {
    await thread.terminate();
    throw new Error(`Cannot listen on ${host}:${port}: ${message.error}`);
  }
  return {
    fd: message.fd,
    close() {
      Atomics.store(flag, 0, 1);
      Atomics.notify(flag, 0);
      return new Promise((resolve) => thread.once('exit', resolve));
    },
  };
}
