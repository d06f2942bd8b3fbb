import net from 'node:net';
import type { AddressInfo } from 'node:net';

/** A loopback port nothing listens on (one the system just handed out and took back). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
