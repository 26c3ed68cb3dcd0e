import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo, Socket as NetSocket } from 'node:net';
import { Server } from 'socket.io';
import { io as connect, type Socket as ClientSocket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { coalesceWebSocketWrites, tcpSocketOf } from '../../src/realtime/write-coalescing';

const PUSHES = 20;

interface Setup {
  http: HttpServer;
  io: Server;
  client: ClientSocket;
}
const setups: Setup[] = [];
afterEach(async () => {
  for (const { http, io, client } of setups.splice(0)) {
    client.close();
    await io.close();
    http.close();
  }
});

/**
 * A socket.io server, with or without coalescing, and a client over WebSocket; answers the
 * server's TCP socket of that client with a count of the writes made on it.
 */
async function serverAndClient(coalesce: boolean) {
  const http = createServer();
  const io = new Server(http, { serveClient: false });
  if (coalesce) coalesceWebSocketWrites(io.engine);
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const connected = new Promise<{ tcp: NetSocket; emit: (index: number) => void }>((resolve) =>
    io.on('connection', (socket) => {
      const tcp = tcpSocketOf(socket.conn);
      if (!tcp) throw new Error('no TCP socket under the WebSocket transport');
      resolve({ tcp, emit: (index) => socket.emit('push', index) });
    }),
  );
  const client = connect(`http://127.0.0.1:${(http.address() as AddressInfo).port}`, { transports: ['websocket'], forceNew: true });
  setups.push({ http, io, client });
  const server = await connected;
  // every write of the stream ends in one of these two (a single chunk, or the chunks a cork held)
  const writes = { count: 0 };
  const tcp = server.tcp as NetSocket & { _write: (...args: unknown[]) => void; _writev: (...args: unknown[]) => void };
  for (const method of ['_write', '_writev'] as const) {
    const original = tcp[method].bind(tcp);
    tcp[method] = (...args: unknown[]) => {
      writes.count += 1;
      original(...args);
    };
  }
  return { client, emit: server.emit, writes };
}

async function burst(coalesce: boolean) {
  const { client, emit, writes } = await serverAndClient(coalesce);
  const received: number[] = [];
  const all = new Promise<void>((resolve) =>
    client.on('push', (index: number) => {
      received.push(index);
      if (received.length === PUSHES) resolve();
    }),
  );
  // one turn of the event loop, as a market tick sends its pushes
  for (let index = 0; index < PUSHES; index += 1) emit(index);
  await all;
  return { received, writes: writes.count };
}

describe('coalesced WebSocket writes', () => {
  it('sends the pushes of one turn in two writes at most, all of them and in order', async () => {
    const { received, writes } = await burst(true);
    expect(received).toEqual(Array.from({ length: PUSHES }, (_, index) => index));
    // the first push leaves at once and the others wait for its write and leave together (one
    // write for all when an earlier write of the socket was still under way)
    expect(writes).toBeLessThanOrEqual(2);
  });

  it('makes a write per push without it (what the coalescing saves)', async () => {
    const { received, writes } = await burst(false);
    expect(received).toHaveLength(PUSHES);
    expect(writes).toBe(PUSHES);
  });
});
