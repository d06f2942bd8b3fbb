// Miniflare starts workerd itself, binding its entry socket to an address it names on workerd's
// command line (`--socket-addr=entry=…`); it has no option to pass a socket already open. workerd
// has one (`--socket-fd=entry=N`), and Node passes a descriptor to a child at a given number. So the
// spawn of a Worker's workerd is given that descriptor instead: the public socket that
// scripts/listen-socket.mjs holds. The old Worker of a swap stops accepting on SIGTERM, and the new
// one accepts on the same socket, which never closes in between.
import childProcess from 'node:child_process';
import { basename } from 'node:path';

const spawn = childProcess.spawn;
/** The descriptor the entry socket listens on: fd 4 in workerd (0-2 stdio, 3 Miniflare's control pipe). */
const CHILD_FD = 4;
const ENTRY_ADDRESS = /^--socket-addr=entry=/;
const LOOPBACK = /^--external-addr=loopback=/;

// The next workerd to start takes `armed`; a Miniflare instance is known by its own loopback
// server's address, so that its workerd, restarted after a crash, takes the socket again, and no
// other workerd (the build's platform proxy, which this process also runs) ever does.
let armed = null;
const serving = new Map();
let lastChild = null;

/** The next Worker's workerd started by this process listens on `fd`. */
export function serveEntryOn(fd) {
  armed = fd;
}

/** The workerd process started last: a Worker's own, as `npm start` starts them one at a time. */
export const lastWorkerd = () => lastChild;

childProcess.spawn = function spawnWorkerd(command, args, options) {
  const entry = Array.isArray(args) && basename(String(command)) === 'workerd' && args.some((arg) => ENTRY_ADDRESS.test(arg));
  const loopback = entry ? args.find((arg) => LOOPBACK.test(arg)) : undefined;
  if (loopback !== undefined && armed !== null) {
    serving.set(loopback, armed);
    armed = null;
  }
  const fd = loopback === undefined ? undefined : serving.get(loopback);
  if (fd === undefined) return spawn.call(this, command, args, options);
  const stdio = [...(options?.stdio ?? ['pipe', 'pipe', 'pipe', 'pipe'])];
  if (stdio.length !== CHILD_FD) throw new Error(`workerd was started with ${stdio.length} descriptors; expected ${CHILD_FD}`);
  const child = spawn.call(
    this,
    command,
    args.map((arg) => (ENTRY_ADDRESS.test(arg) ? `--socket-fd=entry=${CHILD_FD}` : arg)),
    { ...options, stdio: [...stdio, fd] },
  );
  lastChild = child;
  return child;
};
