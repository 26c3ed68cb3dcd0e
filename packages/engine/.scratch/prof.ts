import { OrderBook } from '../src/order-book';
import { streamS1, OP_LIMIT, OP_MARKET } from '../bench/streams';
const s = streamS1(1_000_000, 1);
let vol = 0, trades = 0, cancels = 0, rejects = 0;
for (let rep = 0; rep < 3; rep++) {
const b = new OrderBook({ sink: (e) => { if (e.type === 'trade') { vol += e.qty; trades++; } else if (e.type === 'cancelled') cancels++; else if (e.type === 'rejected') rejects++; } });
const lim = { type: 'limit' as const, id: 0, account: 0, side: 'buy' as 'buy' | 'sell', price: 0, qty: 0 };
const mkt = { type: 'market' as const, id: 0, account: 0, side: 'buy' as 'buy' | 'sell', qty: 0 };
const t0 = performance.now();
for (let i = 0; i < s.length; i++) {
  const op = s.op[i];
  if (op === OP_LIMIT) { lim.id = s.id[i]!; lim.account = lim.id; lim.side = s.side[i] === 0 ? 'buy' : 'sell'; lim.price = s.price[i]!; lim.qty = s.qty[i]!; b.submit(lim); }
  else if (op === OP_MARKET) { mkt.id = s.id[i]!; mkt.account = mkt.id; mkt.side = s.side[i] === 0 ? 'buy' : 'sell'; mkt.qty = s.qty[i]!; b.submit(mkt); }
  else b.cancel(s.id[i]!);
}
console.log((performance.now() - t0).toFixed(0), 'ms', { trades, vol, cancels, rejects, levels: b.depth(1e9).bids.length + b.depth(1e9).asks.length, orders: b.orderCount });
}
