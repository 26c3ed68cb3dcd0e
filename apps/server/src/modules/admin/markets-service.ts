import { tryParseAmount, type Atoms } from '../../core/amount';
import { newCommandKey } from '../../core/command-key';
import type { Core } from '../../core/core';
import { refuse } from '../../core/refusal';
import type { SpotPairSettings } from '../../core/spot/pair-columns';
import type { MakerSwitches } from '../market-makers/switches';
import type { MarketsRepository, PairChange, PairRow } from './markets-repository';
import type { OperatorRepository } from './repository';

/** The most a fee may be: under 10 % (a fraction of six decimals, the column's scale). */
const MAX_FEE: Atoms = 10n ** 17n;

/** What the operator log keeps of a pair, before and after a change. */
const settingsOf = (pair: PairRow): PairChange => ({
  is_display: pair.is_display,
  market_maker: pair.market_maker,
  price_precision: pair.price_precision,
  quantity_precision: pair.quantity_precision,
  maker_fee: pair.maker_fee,
  taker_fee: pair.taker_fee,
});

/**
 * Trading pairs as operators set them, live: enabling (is_display), precisions and fees are a
 * command of the core's spot kind (`spot_pair_settings`), which trades by them from its next
 * command on and writes the pair's row in the same batch; the core refuses a precision change
 * while the pair's book holds an order. The market-maker switch is the simulator's, not the core's.
 */
export class MarketsService {
  constructor(
    private readonly core: Core,
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
    const fee = (text: string | undefined): Atoms | undefined => {
      if (text === undefined) return undefined;
      const value = tryParseAmount(text);
      if (value === undefined || value < 0n || value >= MAX_FEE) refuse('parameter error');
      return value;
    };
    const settings: Partial<SpotPairSettings> = {};
    if (change.is_display !== undefined) settings.enabled = change.is_display;
    if (change.price_precision !== undefined) settings.pricePrecision = change.price_precision;
    if (change.quantity_precision !== undefined) settings.quantityPrecision = change.quantity_precision;
    const makerFee = fee(change.maker_fee);
    if (makerFee !== undefined) settings.makerFee = makerFee;
    const takerFee = fee(change.taker_fee);
    if (takerFee !== undefined) settings.takerFee = takerFee;
    // the core refuses before anything changes (the switch included): nothing is half done
    if (Object.keys(settings).length > 0) {
      await this.core.execute({ kind: 'spot_pair_settings', key: newCommandKey('pair-settings'), pairId, changes: settings });
    }
    if (change.market_maker !== undefined && change.market_maker !== pair.market_maker) {
      await this.markets.setMarketMaker(pairId, change.market_maker);
    }
    if (change.market_maker !== undefined) this.switches.set(pairId, change.market_maker);
    const after = await this.markets.find(pairId);
    await this.operators.log(operatorId, { action: 'market.pair.update', target: `pair:${pairId}`, before: settingsOf(pair), after: after ? settingsOf(after) : null });
  }
}
