import type { C2cOrderPush } from '@tessera/protocol';
import type { Server } from 'socket.io';
import type { Core } from '../core/core';
import type { OrderState } from '../core/c2c/state';
import { userRoom } from './gateway';

/** The push an order's party gets: its id, state and the party's side. */
function pushFor(order: OrderState, role: 'buyer' | 'seller'): C2cOrderPush {
  return { type: 'c2c_order', id: order.id, ad_id: order.adId, is_sure: order.status, role, appealed: order.appealedAt === null ? 0 : 1 };
}

/**
 * Every c2c order the core takes or moves on (durable) is pushed as `c2c_order` to its buyer and
 * its seller, and to nobody else; a client then reads the order (`c2c_deal`) for the details.
 * To this process's sockets only: every gateway pushes its own copy's events.
 */
export function attachC2cPushes(io: Server, core: Core): void {
  core.events.on('c2cOrders', (orders) => {
    const rooms = io.sockets.adapter.rooms;
    for (const order of orders) {
      for (const [userId, role] of [
        [order.buyerId, 'buyer'],
        [order.sellerId, 'seller'],
      ] as const) {
        const room = userRoom(userId);
        if (rooms.has(room)) io.local.to(room).emit('c2c_order', pushFor(order, role));
      }
    }
  });
}
