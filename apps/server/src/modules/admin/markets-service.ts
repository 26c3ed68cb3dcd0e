import { refuse } from '../../core/refusal';
import { tryParseAmount } from '../../core/amount';
import type { MakerSwitches } from '../market-makers/switches';
import type { MarketsRepository, PairChange } from './markets-repository';
import type { OperatorRepository } from './repository';

/**
 * Trading pairs as operators set them. The market-maker switch acts at once; enabling, precision
 * and fees are read by the core when it loads, so they take effect at the next start (the page says so).
 */
export class MarketsService {
  constructor(
    private readonly markets: MarketsRepository,
    private readonly switches: MakerSwitches,
    private readonly operators: OperatorRepository,
  ) {}

  async pairs() {
    return (await this.markets.pairs()).map((pair) => ({ ...pair, market_maker_running: pair.market_maker && this.switches.isOn(pair.id) }));
  }

  async update(operatorId: number, pairId: number, change: Partial<PairChange>) {
    const pair = await this.markets.find(pairId);
    if (!pair) refuse('pair not found');
    for (const fee of [change.maker_fee, change.taker_fee]) {
      const value = fee === undefined ? 0n : tryParseAmount(fee);
      if (value === undefined || value < 0n || value >= 10n ** 17n) refuse('parameter error');
    }
    const next: PairChange = {
      is_display: change.is_display ?? pair.is_display,
      market_maker: change.market_maker ?? pair.market_maker,
      price_precision: change.price_precision ?? pair.price_precision,
      quantity_precision: change.quantity_precision ?? pair.quantity_precision,
      maker_fee: change.maker_fee ?? pair.maker_fee,
      taker_fee: change.taker_fee ?? pair.taker_fee,
    };
    // open orders were placed on the old grid: the precision changes only on an empty book
    const regrids = next.price_precision !== pair.price_precision || next.quantity_precision !== pair.quantity_precision;
    if (regrids && (await this.markets.openOrders(pairId)) > 0) refuse('pair has open orders');
    await this.markets.update(pairId, next);
    this.switches.set(pairId, next.market_maker);
    const { pair: _name, id: _id, currency_id: _base, legal_id: _quote, open_lever: _lever, open_microtrade: _micro, sort: _sort, ...before } = pair;
    await this.operators.log(operatorId, { action: 'market.pair.update', target: `pair:${pairId}`, before, after: next });
  }
}
