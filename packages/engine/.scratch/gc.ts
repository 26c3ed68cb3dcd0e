import { OrderBook } from '../src/order-book';
import { streamS1, streamS2, OP_LIMIT, OP_MARKET } from '../bench/streams';
import type { Stream } from '../bench/streams';
const which = process.argv[2] ?? 'S1';
const s: Stream = which === 'S1' ? streamS1(1_000_000, 1) : streamS2(1_000_000, 2);
const lim = { type: 'limit' as const, id: 0, account: 0, side: 'buy' as 'buy' | 'sell', price: 0, qty: 0 };
const mkt = { type: 'market' as const, id: 0, account: 0, side: 'buy' as 'buy' | 'sell', qty: 0 };
function run(b: OrderBook) {
  for (let i = 0; i < s.length; i++) {
    const op = s.op[i];
    if (op === OP_LIMIT) { lim.id = s.id[i]!; lim.account = lim.id; lim.side = s.side[i] === 0 ? 'buy' : 'sell'; lim.price = s.price[i]!; lim.qty = s.qty[i]!; b.submit(lim); }
    else if (op === OP_MARKET) { mkt.id = s.id[i]!; mkt.account = mkt.id; mkt.side = s.side[i] === 0 ? 'buy' : 'sell'; mkt.qty = s.qty[i]!; b.submit(mkt); }
    else b.cancel(s.id[i]!);
  }
}
let n = 0;
for (let rep = 0; rep < Number(process.argv[3] ?? 5); rep++) {
  (globalThis as any).gc?.();
  const b = new OrderBook({ sink: (e) => { if (e.type === 'trade') n++; } });
  const t0 = performance.now();
  run(b);
  console.log(which, 'rep', rep, (performance.now() - t0).toFixed(0), 'ms');
}
