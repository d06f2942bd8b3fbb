import { spawn } from 'node:child_process';
import { once } from 'node:events';
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { freePort } from './free-port.ts';
import { holdListeningSocket } from '../../../scripts/listen-socket.mjs';

/** A child that answers on the listening socket it was given as fd 3, each line with its name. */
function answerer(fd: number, name: string) {
  const script = `require('node:net').createServer((s) => s.end(${JSON.stringify(name)})).listen({ fd: 3 }, () => process.send?.('up'))`;
  return spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'ignore', 'inherit', fd, 'ipc'] });
}

async function ask(port: number): Promise<string> {
  const socket = net.connect(port, '127.0.0.1');
  let text = '';
  socket.on('data', (chunk) => (text += String(chunk)));
  await once(socket, 'end');
  return text;
}

describe('the public socket npm start holds', () => {
  it('is accepted on by the processes it is given to, never by this one, and closes when told', async () => {
    const port = await freePort();
    const held = await holdListeningSocket({ host: '127.0.0.1', port });
    const first = answerer(held.fd, 'first');
    await once(first, 'message');
    // Were this process accepting too, some of these would never be answered.
    expect(await Promise.all(Array.from({ length: 20 }, () => ask(port)))).toEqual(Array(20).fill('first'));
    // A second process on the same socket, the first one gone: no connection is refused meanwhile.
    const second = answerer(held.fd, 'second');
    await once(second, 'message');
    first.kill();
    await once(first, 'exit');
    expect(await ask(port)).toBe('second');
    second.kill();
    await once(second, 'exit');
    await held.close();
    await expect(ask(port)).rejects.toThrow(/ECONNREFUSED/);
  });

  it('names the port when it cannot listen there', async () => {
    const port = await freePort();
    const held = await holdListeningSocket({ host: '127.0.0.1', port });
    await expect(holdListeningSocket({ host: '127.0.0.1', port })).rejects.toThrow(`Cannot listen on 127.0.0.1:${port}`);
    await held.close();
  });
});
