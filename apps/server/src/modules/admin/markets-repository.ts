import type { Queryable } from '../../db/database';

export interface PairRow {
  id: number;
  pair: string;
  currency_id: number;
  legal_id: number;
  price_precision: number;
  quantity_precision: number;
  maker_fee: string;
  taker_fee: string;
  is_display: boolean;
  market_maker: boolean;
  open_lever: boolean;
  open_microtrade: boolean;
  sort: number;
}

export interface PairChange {
  is_display: boolean;
  market_maker: boolean;
  price_precision: number;
  quantity_precision: number;
  maker_fee: string;
  taker_fee: string;
}

/** Trading pairs as operators set them. */
export class MarketsRepository {
  constructor(private readonly db: Queryable) {}

  pairs(): Promise<PairRow[]> {
    return this.db.query<PairRow>(
      `select p.id, b.name || '/' || q.name as pair, p.currency_id, p.legal_id, p.price_precision, p.quantity_precision,
              p.maker_fee::text as maker_fee, p.taker_fee::text as taker_fee, p.is_display, p.market_maker, p.open_lever,
              p.open_microtrade, p.sort
         from currency_pairs p join currencies b on b.id = p.currency_id join currencies q on q.id = p.legal_id
        order by p.sort, p.id`,
    );
  }

  async find(id: number): Promise<PairRow | undefined> {
    return (await this.pairs()).find((pair) => pair.id === id);
  }

  async update(id: number, change: PairChange): Promise<void> {
    await this.db.query(
      `update currency_pairs set is_display = $2, market_maker = $3, price_precision = $4, quantity_precision = $5, maker_fee = $6, taker_fee = $7 where id = $1`,
      [id, change.is_display, change.market_maker, change.price_precision, change.quantity_precision, change.maker_fee, change.taker_fee],
    );
  }

  async openOrders(pairId: number): Promise<number> {
    const rows = await this.db.query<{ count: number }>(`select count(*)::int as count from spot_orders where pair_id = $1 and status = 'open'`, [pairId]);
    return rows[0]?.count ?? 0;
  }
}
