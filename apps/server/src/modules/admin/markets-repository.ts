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

/** Trading pairs as operators see them. */
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

  /**
   * The market-maker switch, kept with the pair for the next start. The rest of the row (enabled,
   * precisions, fees) is the core's: it writes it with the batch that changes it.
   */
  async setMarketMaker(id: number, on: boolean): Promise<void> {
    await this.db.query('update currency_pairs set market_maker = $2 where id = $1', [id, on]);
  }
}
