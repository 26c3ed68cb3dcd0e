import type { ClosedMicroOrderPush, UpdateKLinePush } from '@tessera/protocol';
import type { Server } from 'socket.io';
import { formatAmount } from '../core/amount';
import type { Core } from '../core/core';
import type { MicroContract } from '../core/micro/state';
import type { SpotTradeRecord } from '../core/spot/state';
import type { MicroService } from '../modules/micro/service';
import { userRoom } from './gateway';
import { MARKET_ALL_ROOM, pairRoom } from './market-pushes';

/** `updateKLine` goes at most this often per pair. */
const CLOSE_PUSH_MS = 250;

export interface MicroPushes {
  stop(): void;
}

/**
 * The pushes of second contracts: `closed_microorder` to the owner of each contract a durable
 * batch settled (and to nobody else), and `updateKLine`, each traded pair's latest close, to
 * every socket watching the pair (at most 4 a second per pair). To this process's sockets only:
 * every gateway pushes its own copy's events.
 */
export function attachMicroPushes(io: Server, core: Core, micro: MicroService, onError: (error: unknown) => void): MicroPushes {
  const onContracts = (contracts: MicroContract[]) => {
    const rooms = io.sockets.adapter.rooms;
    for (const contract of contracts) {
      if (contract.status !== 3 || !rooms.has(userRoom(contract.userId))) continue;
      micro.present(contract).then((data) => {
        const push: ClosedMicroOrderPush = { type: 'closed_microorder', to: contract.userId, data };
        io.local.to(userRoom(contract.userId)).emit('closed_microorder', push);
      }, onError);
    }
  };
  const closes = new Map<number, SpotTradeRecord>();
  const onTrades = (trades: SpotTradeRecord[]) => {
    for (const trade of trades) closes.set(trade.pairId, trade);
  };
  const timer = setInterval(() => {
    for (const [pairId, trade] of closes) {
      const pair = core.read.pair(pairId);
      if (!pair) continue;
      const push: UpdateKLinePush = {
        type: 'updateKLine',
        match_id: pairId,
        currency_id: pair.currencyId,
        legal_id: pair.legalId,
        symbol: pair.symbol,
        close: formatAmount(trade.price),
        time: trade.createdAt.getTime(),
      };
      io.local.to([MARKET_ALL_ROOM, pairRoom(pairId)]).emit('updateKLine', push);
    }
    closes.clear();
  }, CLOSE_PUSH_MS);
  timer.unref();
  core.events.on('micro', onContracts);
  core.events.on('trades', onTrades);
  return {
    stop() {
      clearInterval(timer);
      core.events.off('micro', onContracts);
      core.events.off('trades', onTrades);
    },
  };
}
