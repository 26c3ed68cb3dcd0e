import type { Server } from 'socket.io';
import type { Core } from '../core/core';
import type { LeverService } from '../modules/lever/service';
import { userRoom } from './gateway';

/** How often a connected holder's figures are refreshed while marks move. */
const REFRESH_MS = 1000;

export interface LeverPushes {
  stop(): void;
}

/**
 * The `lever_trade` push, to its owner's room only: at once when one of the user's lever orders
 * or positions changes (placed, opened, closed, revoked, charged, liquidated), and at most once a
 * second while the marks of pairs the user holds move (live profit and risk rate). Users with no
 * connected socket get nothing: no payload is built for them. To this process's sockets only:
 * every gateway pushes its own copy's events.
 */
export function attachLeverPushes(io: Server, core: Core, lever: LeverService, onError: (error: unknown) => void): LeverPushes {
  const connected = (userId: number) => io.sockets.adapter.rooms.has(userRoom(userId));
  const send = (userId: number, legalId: number) => {
    if (!connected(userId)) return;
    lever.push(userId, legalId).then((payload) => io.local.to(userRoom(userId)).emit('lever_trade', payload), onError);
  };

  const onLever = (trades: { userId: number; legalId: number }[]) => {
    const seen = new Set<string>();
    for (const trade of trades) {
      const id = `${trade.userId}:${trade.legalId}`;
      if (seen.has(id)) continue;
      seen.add(id);
      send(trade.userId, trade.legalId);
    }
  };
  const moved = new Set<number>();
  const onTrades = (trades: { pairId: number }[]) => {
    for (const trade of trades) moved.add(trade.pairId);
  };
  core.events.on('lever', onLever);
  core.events.on('trades', onTrades);

  const timer = setInterval(() => {
    if (moved.size === 0) return;
    const pairs = new Set(moved);
    moved.clear();
    for (const room of io.sockets.adapter.rooms.keys()) {
      if (!room.startsWith('user:')) continue;
      const userId = Number(room.slice('user:'.length));
      const legals = new Set(core.read.leverTradesOf(userId).filter((trade) => trade.status === 1 && pairs.has(trade.pairId)).map((trade) => trade.legalId));
      for (const legalId of legals) send(userId, legalId);
    }
  }, REFRESH_MS);
  timer.unref();

  return {
    stop() {
      clearInterval(timer);
      core.events.off('lever', onLever);
      core.events.off('trades', onTrades);
    },
  };
}
