import type { Socket as NetSocket } from 'node:net';
import type { Server } from 'socket.io';

type Engine = Server['engine'];

/** The TCP socket under an Engine.IO connection when its transport is a WebSocket (ws keeps it as `_socket`). */
export function tcpSocketOf(engineSocket: unknown): NetSocket | undefined {
  const transport = (engineSocket as { transport?: { name?: string; socket?: { _socket?: NetSocket } } }).transport;
  if (transport?.name !== 'websocket') return undefined;
  return transport.socket?._socket;
}

/**
 * Makes each Engine.IO flush one write on the wire. A WebSocket takes one packet at a time while
 * its previous write is under way; the packets that arrive meanwhile (a market tick sends each
 * socket a dozen pushes at once) wait and are handed over together when it ends, and ws writes
 * each frame with a write of its own: one system call and one TCP segment per push. Corked from
 * the engine's `flush` to its `drain` (both emitted around the hand-over, in the same turn), they
 * leave in one write, in the same order. On loopback this cut a gateway's CPU per delivered push
 * by more than half (docs/performance.md).
 */
export function coalesceWebSocketWrites(engine: Engine): void {
  const corked = new WeakMap<object, NetSocket>();
  const release = (engineSocket: object) => {
    const tcp = corked.get(engineSocket);
    if (!tcp) return;
    corked.delete(engineSocket);
    tcp.uncork();
  };
  engine.on('flush', (engineSocket: object, packets: unknown[]) => {
    // a hand-over that threw never emitted its drain: its cork must not outlive it
    release(engineSocket);
    if (packets.length < 2) return;
    const tcp = tcpSocketOf(engineSocket);
    if (!tcp || tcp.destroyed) return;
    tcp.cork();
    corked.set(engineSocket, tcp);
  });
  engine.on('drain', release);
}
