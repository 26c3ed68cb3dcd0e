import { OrderBook as Theirs, Side } from 'nodejs-order-book';
import { OrderBook } from '../src/order-book';
import { streamS1, streamS2, OP_LIMIT, OP_MARKET } from '../bench/streams';
import type { Stream } from '../bench/streams';
function runOurs(s: Stream, n: number) {
  let vol = 0;
  const b = new OrderBook({ sink: (e) => { if (e.type === 'trade') vol += e.qty; } });
  const lim = { type: 'limit' as const, id: 0, account: 0, side: 'buy' as 'buy' | 'sell', price: 0, qty: 0 };
  const mkt = { type: 'market' as const, id: 0, account: 0, side: 'buy' as 'buy' | 'sell', qty: 0 };
  const t0 = performance.now();
  for (let i = 0; i < n; i++) {
    const op = s.op[i];
    if (op === OP_LIMIT) { lim.id = s.id[i]!; lim.account = lim.id; lim.side = s.side[i] === 0 ? 'buy' : 'sell'; lim.price = s.price[i]!; lim.qty = s.qty[i]!; b.submit(lim); }
    else if (op === OP_MARKET) { mkt.id = s.id[i]!; mkt.account = mkt.id; mkt.side = s.side[i] === 0 ? 'buy' : 'sell'; mkt.qty = s.qty[i]!; b.submit(mkt); }
    else b.cancel(s.id[i]!);
  }
  const t = performance.now() - t0;
  console.log('ours', s.name, n, (n / t * 1000).toFixed(0), 'ops/s', 'orders', b.orderCount, 'vol', vol);
}
function runTheirs(s: Stream, n: number) {
  const b = new Theirs();
  const t0 = performance.now();
  let miss = 0;
  for (let i = 0; i < n; i++) {
    const op = s.op[i];
    if (op === OP_LIMIT) b.limit({ id: s.idText[i]!, side: s.side[i] === 0 ? Side.BUY : Side.SELL, size: s.qty[i]!, price: s.price[i]! });
    else if (op === OP_MARKET) b.market({ side: s.side[i] === 0 ? Side.BUY : Side.SELL, size: s.qty[i]! });
    else if (b.cancel(s.idText[i]!) === undefined) miss++;
  }
  const t = performance.now() - t0;
  console.log('theirs', s.name, n, (n / t * 1000).toFixed(0), 'ops/s', 'miss', miss);
}
const s1 = streamS1(1_000_000, 1);
runOurs(s1, 1_000_000); runOurs(s1, 1_000_000);
runTheirs(s1, Number(process.argv[2] ?? 100000));
const s2 = streamS2(1_000_000, 2);
runOurs(s2, s2.length); runOurs(s2, s2.length);
runTheirs(s2, Number(process.argv[2] ?? 100000));
