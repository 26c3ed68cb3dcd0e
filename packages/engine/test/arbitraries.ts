// Random command streams for the property tests: a narrow price band and few accounts, so that
// crossing, partial fills, self-trade prevention and stop cascades happen in almost every run.
import fc from 'fast-check';
import type { Command, StpMode, TimeInForce } from '../src/types';

const side = fc.constantFrom('buy' as const, 'sell' as const);
const qty = fc.integer({ min: 1, max: 12 });
const account = fc.integer({ min: 1, max: 3 });
const stp = fc.option(fc.constantFrom<StpMode>('cancel_taker', 'cancel_maker', 'cancel_both'), { nil: undefined });
const tif = fc.constantFrom<TimeInForce | undefined>(undefined, 'GTC', 'GTC', 'IOC', 'FOK', 'POST_ONLY');
const stopTif = fc.constantFrom<TimeInForce | undefined>(undefined, 'GTC', 'IOC', 'FOK');
const quoteLimit = fc.option(fc.integer({ min: 1, max: 3000 }), { nil: undefined });
/** Which earlier id a cancel, reduce or duplicate refers to (taken modulo the ids issued so far). */
const pick = fc.nat({ max: 1000 });

type Step =
  | { k: 'limit'; side: 'buy' | 'sell'; price: number; qty: number; account: number; tif: TimeInForce | undefined; stp: StpMode | undefined }
  | { k: 'market'; side: 'buy' | 'sell'; qty: number; account: number; quoteLimit: number | undefined; stp: StpMode | undefined }
  | { k: 'stop_limit'; side: 'buy' | 'sell'; stopPrice: number; price: number; qty: number; account: number; tif: TimeInForce | undefined; stp: StpMode | undefined }
  | { k: 'stop_market'; side: 'buy' | 'sell'; stopPrice: number; qty: number; account: number; quoteLimit: number | undefined; stp: StpMode | undefined }
  | { k: 'cancel'; pick: number }
  | { k: 'reduce'; pick: number; qty: number }
  | { k: 'duplicate'; pick: number; side: 'buy' | 'sell'; price: number }
  | { k: 'invalid'; which: number };

const stepIn = (price: fc.Arbitrary<number>): fc.Arbitrary<Step> => fc.oneof(
  { weight: 40, arbitrary: fc.record({ k: fc.constant('limit' as const), side, price, qty, account, tif, stp }) },
  { weight: 7, arbitrary: fc.record({ k: fc.constant('market' as const), side, qty, account, quoteLimit, stp }) },
  { weight: 7, arbitrary: fc.record({ k: fc.constant('stop_limit' as const), side, stopPrice: price, price, qty, account, tif: stopTif, stp }) },
  { weight: 5, arbitrary: fc.record({ k: fc.constant('stop_market' as const), side, stopPrice: price, qty, account, quoteLimit, stp }) },
  { weight: 14, arbitrary: fc.record({ k: fc.constant('cancel' as const), pick }) },
  { weight: 7, arbitrary: fc.record({ k: fc.constant('reduce' as const), pick, qty: fc.integer({ min: 0, max: 12 }) }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant('duplicate' as const), pick, side, price }) },
  { weight: 2, arbitrary: fc.record({ k: fc.constant('invalid' as const), which: fc.nat({ max: 11 }) }) },
);

function invalidCommand(which: number, id: number): Command {
  const base = { type: 'limit', id, account: 1, side: 'buy', price: 100, qty: 1 } as const;
  const bad: Record<string, unknown>[] = [
    { type: 'iceberg' },
    { id: -1 },
    { id: 1.5 },
    { account: Number.MAX_SAFE_INTEGER + 2 },
    { side: 'up' },
    { price: 0 },
    { qty: 0 },
    { qty: 2.5 },
    { tif: 'DAY' },
    { stp: 'decrement' },
    { type: 'market', side: 'sell', quoteLimit: 10 },
    { type: 'stop_limit', stopPrice: 100, tif: 'POST_ONLY' },
  ];
  return { ...base, ...bad[which % bad.length] } as unknown as Command;
}

/** Turns random steps into commands with fresh ids, and cancels/reduces aimed at issued ids. */
export function toCommands(steps: Step[]): Command[] {
  const ids: number[] = [];
  let next = 1;
  const fresh = (): number => {
    ids.push(next);
    return next++;
  };
  const earlier = (n: number): number => (ids.length === 0 ? 999 : (ids[n % ids.length] as number));
  return steps.map((s): Command => {
    switch (s.k) {
      case 'limit':
        return { type: 'limit', id: fresh(), account: s.account, side: s.side, price: s.price, qty: s.qty, tif: s.tif, stp: s.stp };
      case 'market':
        return { type: 'market', id: fresh(), account: s.account, side: s.side, qty: s.qty, stp: s.stp, ...(s.side === 'buy' && s.quoteLimit !== undefined ? { quoteLimit: s.quoteLimit } : {}) };
      case 'stop_limit':
        return { type: 'stop_limit', id: fresh(), account: s.account, side: s.side, stopPrice: s.stopPrice, price: s.price, qty: s.qty, tif: s.tif, stp: s.stp };
      case 'stop_market':
        return { type: 'stop_market', id: fresh(), account: s.account, side: s.side, stopPrice: s.stopPrice, qty: s.qty, stp: s.stp, ...(s.side === 'buy' && s.quoteLimit !== undefined ? { quoteLimit: s.quoteLimit } : {}) };
      case 'cancel':
        return { type: 'cancel', id: earlier(s.pick) };
      case 'reduce':
        return { type: 'reduce', id: earlier(s.pick), qty: s.qty };
      case 'duplicate':
        return { type: 'limit', id: earlier(s.pick), account: 1, side: s.side, price: s.price, qty: 1 };
      case 'invalid':
        return invalidCommand(s.which, fresh());
    }
  });
}

/** Streams of up to `maxLength` commands with prices in a band, 95..105 by default. */
export const commandStream = (maxLength: number, band: { min: number; max: number } = { min: 95, max: 105 }): fc.Arbitrary<Command[]> =>
  fc.array(stepIn(fc.integer(band)), { minLength: 1, maxLength, size: 'max' }).map(toCommands);
