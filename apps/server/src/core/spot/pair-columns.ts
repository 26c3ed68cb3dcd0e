import { formatAmount, type Atoms } from '../amount';
import type { CoreTable } from '../kind';

/** The spot settings of a pair an operator sets (`currency_pairs`): the core trades by them. */
export interface SpotPairSettings {
  /** is_display: a hidden pair takes no new orders (spot, lever, second contracts); its resting orders stay and may be cancelled */
  enabled: boolean;
  pricePrecision: number;
  quantityPrecision: number;
  makerFee: Atoms;
  takerFee: Atoms;
}

/** The lever columns of `currency_pairs` (the rest of a pair's lever settings live in `lever_pair_settings`). */
export interface LeverPairColumns {
  shareNum: Atoms;
  spread: Atoms;
  feeRate: Atoms;
  /** open_lever */
  enabled: boolean;
}

/** What one command changed of a pair's `currency_pairs` row: its spot settings, its lever columns, or both. */
export interface PairColumns {
  pairId: number;
  spot?: SpotPairSettings;
  lever?: LeverPairColumns;
}

/** The changes of a batch, one per pair: for each part, the last one staged. */
export function mergePairColumns(changes: readonly PairColumns[]): PairColumns[] {
  const merged = new Map<number, PairColumns>();
  for (const change of changes) {
    const current = merged.get(change.pairId) ?? { pairId: change.pairId };
    merged.set(change.pairId, { ...current, ...(change.spot ? { spot: change.spot } : {}), ...(change.lever ? { lever: change.lever } : {}) });
  }
  return [...merged.values()];
}

/**
 * `currency_pairs` as the core writes it: the spot kind stages a pair's spot settings, the lever
 * kind its lever columns, both into this one table. PostgreSQL applies only one of two updates of
 * the same row within one statement, and a batch is one statement: so the batch merges every
 * change of a pair into one row and writes it with one update (a part not staged keeps its value).
 * Registered with the spot kind only, so it is written once.
 */
export const CURRENCY_PAIRS: CoreTable<PairColumns> = {
  name: 'currency_pairs',
  statement(source, changes) {
    const rows = mergePairColumns(changes).map(({ pairId, spot, lever }) => ({
      p: pairId,
      d: spot?.enabled ?? null,
      pp: spot?.pricePrecision ?? null,
      qp: spot?.quantityPrecision ?? null,
      mf: spot ? formatAmount(spot.makerFee) : null,
      tf: spot ? formatAmount(spot.takerFee) : null,
      sn: lever ? formatAmount(lever.shareNum) : null,
      sp: lever ? formatAmount(lever.spread) : null,
      lf: lever ? formatAmount(lever.feeRate) : null,
      ol: lever?.enabled ?? null,
    }));
    return `update currency_pairs set is_display = coalesce(t.d, currency_pairs.is_display),
          price_precision = coalesce(t.pp, currency_pairs.price_precision), quantity_precision = coalesce(t.qp, currency_pairs.quantity_precision),
          maker_fee = coalesce(t.mf, currency_pairs.maker_fee), taker_fee = coalesce(t.tf, currency_pairs.taker_fee),
          lever_share_num = coalesce(t.sn, currency_pairs.lever_share_num), spread = coalesce(t.sp, currency_pairs.spread),
          lever_trade_fee = coalesce(t.lf, currency_pairs.lever_trade_fee), open_lever = coalesce(t.ol, currency_pairs.open_lever)
        from ${source(rows, 'p int, d boolean, pp int, qp int, mf numeric, tf numeric, sn numeric, sp numeric, lf numeric, ol boolean')}
        where currency_pairs.id = t.p`;
  },
  publish: (events, changes) => events.emit('pairs', mergePairColumns(changes)),
};
