import { Refusal } from '../../core/refusal';
import type { OperatorRepository } from '../admin/repository';
import type { MicroRepository } from './repository';
import { problemOf, type MicroSettingsValue } from './settings';

/** Thrown for operator terms that break a rule: the operator API answers 400 with the reason. */
export class InvalidMicroTerms extends Error {}

/**
 * The operator's side of second contracts: the terms of contracts still to be opened, and which
 * pairs are open. Nothing here reaches a running contract or a result: those are the core's,
 * from recorded prices.
 */
export class MicroOperatorService {
  constructor(
    private readonly repository: MicroRepository,
    private readonly operators: OperatorRepository,
  ) {}

  async settings() {
    const [terms, pairs] = await Promise.all([this.repository.terms(), this.repository.pairs()]);
    return { ...terms, pairs: pairs.map((pair) => ({ id: pair.id, symbol: pair.symbol, open_microtrade: pair.open_microtrade })) };
  }

  async setSettings(operatorId: number, value: MicroSettingsValue): Promise<void> {
    const problem = problemOf(value);
    if (problem) throw new InvalidMicroTerms(problem);
    const currencies = await this.repository.currencies(value.currencies);
    if (currencies.length !== new Set(value.currencies).size || currencies.some((currency) => !currency.is_micro)) {
      throw new InvalidMicroTerms('currencies must be micro-wallet currencies');
    }
    const before = await this.repository.terms();
    await this.repository.saveTerms(value);
    await this.operators.log(operatorId, { action: 'micro.settings', target: 'system', before, after: value });
  }

  async setPairOpen(operatorId: number, pairId: number, open: boolean): Promise<void> {
    const pair = await this.repository.pair(pairId);
    if (!pair || !(await this.repository.setPairOpen(pairId, open))) throw new Refusal('pair not found');
    await this.operators.log(operatorId, { action: 'micro.pair_open', target: `pair:${pairId}`, before: { open_microtrade: pair.open_microtrade }, after: { open_microtrade: open } });
  }
}
