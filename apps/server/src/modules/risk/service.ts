import { formatAmount, parseAmount, type Atoms } from '../../core/amount';
import type { CoreReadView } from '../../core/read-view';
import type { RiskRepository } from './repository';

/** The most accounts the view lists, nearest liquidation first. */
export const RISK_ACCOUNTS_SHOWN = 50;

/**
 * The operators' risk view, read only: lever accounts nearest liquidation (their risk rate, equity
 * and the marks that would liquidate them, as the core computes them now), the house's exposure to
 * held positions (what closing every one at the current marks would pay users, negative when users
 * would pay), and running second contracts with the reserve their wins would take.
 */
export class RiskService {
  constructor(
    private readonly read: CoreReadView,
    private readonly repository: RiskRepository,
  ) {}

  async view() {
    const [holders, micro, names] = await Promise.all([this.repository.leverHolders(), this.repository.runningMicro(), this.repository.currencyNames()]);
    const symbols = new Map(this.read.leverPairs().map((pair) => [pair.pairId, pair.symbol]));
    const exposure = new Map<number, { unrealised: Atoms; margin: Atoms; positions: number }>();
    const accounts = holders.flatMap((holder) => {
      const risk = this.read.leverRisk(holder.user_id, holder.legal_id);
      // closed since the batch that listed it: nothing held any more
      if (risk.margin === 0n || risk.rate === null) return [];
      const total = exposure.get(holder.legal_id) ?? { unrealised: 0n, margin: 0n, positions: 0 };
      exposure.set(holder.legal_id, { unrealised: total.unrealised + risk.unrealised, margin: total.margin + risk.margin, positions: total.positions + holder.positions });
      return [{ holder, risk }];
    });
    accounts.sort((a, b) => (a.risk.rate! < b.risk.rate! ? -1 : a.risk.rate! > b.risk.rate! ? 1 : a.holder.user_id - b.holder.user_id));
    const liquidationRate = this.read.leverGlobal().liquidationRate;
    return {
      lever: {
        liquidation_rate: formatAmount(liquidationRate),
        accounts_holding: accounts.length,
        nearest_liquidation: accounts.slice(0, RISK_ACCOUNTS_SHOWN).map(({ holder, risk }) => ({
          user_id: holder.user_id,
          account: holder.account,
          currency: names.get(holder.legal_id) ?? '',
          positions: holder.positions,
          risk_rate: formatAmount(risk.rate!),
          equity: formatAmount(risk.equity),
          margin: formatAmount(risk.margin),
          unrealised: formatAmount(risk.unrealised),
          available: formatAmount(risk.available),
          liquidation_marks: risk.liquidationMarks.map((mark) => ({ pair_id: mark.pairId, symbol: symbols.get(mark.pairId) ?? '', mark: formatAmount(mark.mark) })),
        })),
        house_exposure: [...exposure].map(([legalId, total]) => ({
          currency: names.get(legalId) ?? '',
          positions: total.positions,
          margin: formatAmount(total.margin),
          users_unrealised: formatAmount(total.unrealised),
        })),
      },
      micro: micro.map((row) => ({
        currency: row.currency,
        running: row.contracts,
        stake: formatAmount(parseAmount(row.stake)),
        reserve: formatAmount(parseAmount(row.reserve)),
        next_expiry: row.next_expiry?.toISOString() ?? null,
      })),
    };
  }
}
