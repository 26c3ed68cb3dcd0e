import { OrderBook as Theirs, Side } from 'nodejs-order-book';
import { streamS1, OP_LIMIT, OP_MARKET } from '../bench/streams';
const s = streamS1(1_000_000, 1);
const b = new Theirs();
let t0 = performance.now(); const T0 = t0;
let miss = 0;
for (let i = 0; i < s.length; i++) {
  const op = s.op[i];
  if (op === OP_LIMIT) b.limit({ id: s.idText[i]!, side: s.side[i] === 0 ? Side.BUY : Side.SELL, size: s.qty[i]!, price: s.price[i]! });
  else if (op === OP_MARKET) b.market({ side: s.side[i] === 0 ? Side.BUY : Side.SELL, size: s.qty[i]! });
  else if (b.cancel(s.idText[i]!) === undefined) miss++;
  if ((i + 1) % 100000 === 0) { const t = performance.now(); console.log(i + 1, (100000 / (t - t0) * 1000).toFixed(0), 'ops/s in this chunk'); t0 = t; }
}
console.log('total', (s.length / (performance.now() - T0) * 1000).toFixed(0), 'ops/s; missed cancels', miss);
const [asks, bids] = b.depth(); console.log(asks.length + bids.length, 'levels');
