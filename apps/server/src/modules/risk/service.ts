import { formatAmount, parseAmount, type Atoms } from '../../core/amount';
import type { CoreReadView } from '../../core/read-view';
import type { LeverRiskView } from '../../core/lever/book';
import type { PageRequest } from '../../lib/paging';
import { pageOf } from '../../lib/paging';
import { directionName } from '../micro/present';
import type { ContractFilter, HolderFilter, LeverHolderRow, RiskRepository } from './repository';

/** A lever account (user and quote currency) holding positions, with its risk as the core computes it now. */
interface HeldAccount {
  holder: LeverHolderRow;
  risk: LeverRiskView & { rate: Atoms };
}

/**
 * The operators' risk view, read only: lever accounts nearest liquidation (their risk rate, equity
 * and the marks that would liquidate them, as the core computes them now), the house's exposure to
 * held positions (what closing every one at the current marks would pay users, negative when users
 * would pay), and running second contracts with the reserve their wins would take. The two long
 * tables (accounts, contracts) are paged on the server; the summaries are one row per currency.
 */
export class RiskService {
  constructor(
    private readonly read: CoreReadView,
    private readonly repository: RiskRepository,
  ) {}

  /** The summaries: the liquidation rate, how many accounts hold positions, the house's exposure and running contracts per currency. */
  async view() {
    const [accounts, micro, names] = await Promise.all([this.heldAccounts({}), this.repository.runningMicro(), this.repository.currencyNames()]);
    const exposure = new Map<number, { unrealised: Atoms; margin: Atoms; positions: number }>();
    for (const { holder, risk } of accounts) {
      const total = exposure.get(holder.legal_id) ?? { unrealised: 0n, margin: 0n, positions: 0 };
      exposure.set(holder.legal_id, { unrealised: total.unrealised + risk.unrealised, margin: total.margin + risk.margin, positions: total.positions + holder.positions });
    }
    return {
      lever: {
        liquidation_rate: formatAmount(this.read.leverGlobal().liquidationRate),
        accounts_holding: accounts.length,
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

  /**
   * One page of the lever accounts holding positions, lowest risk rate (nearest liquidation) first.
   * The rate is the core's figure at the current marks, so the order is made here, not in SQL.
   */
  async leverAccounts(filter: HolderFilter, page: PageRequest) {
    const [accounts, names] = await Promise.all([this.heldAccounts(filter), this.repository.currencyNames()]);
    const symbols = new Map(this.read.leverPairs().map((pair) => [pair.pairId, pair.symbol]));
    const list = accounts.slice(page.offset, page.offset + page.limit).map(({ holder, risk }) => ({
      user_id: holder.user_id,
      account: holder.account,
      currency: names.get(holder.legal_id) ?? '',
      positions: holder.positions,
      risk_rate: formatAmount(risk.rate),
      equity: formatAmount(risk.equity),
      margin: formatAmount(risk.margin),
      unrealised: formatAmount(risk.unrealised),
      available: formatAmount(risk.available),
      liquidation_marks: risk.liquidationMarks.map((mark) => ({ pair_id: mark.pairId, symbol: symbols.get(mark.pairId) ?? '', mark: formatAmount(mark.mark) })),
    }));
    return { list, total: accounts.length };
  }

  /** One page of the running second contracts, the soonest expiry first. */
  async runningContracts(filter: ContractFilter, page: PageRequest) {
    const { rows, total } = await pageOf(page, (limit, offset) => this.repository.runningContracts(filter, limit, offset));
    const list = rows.map((row) => ({
      id: Number(row.id),
      user_id: row.user_id,
      account: row.account,
      pair_id: row.pair_id,
      symbol: row.symbol,
      currency: row.currency,
      direction: directionName(row.type),
      seconds: row.seconds,
      stake: formatAmount(parseAmount(row.stake)),
      fee: formatAmount(parseAmount(row.fee)),
      profit_ratio: formatAmount(parseAmount(row.profit_ratio)),
      reserve: formatAmount(parseAmount(row.reserve)),
      open_price: formatAmount(parseAmount(row.open_price)),
      opened_at: row.opened_at.toISOString(),
      expires_at: row.expires_at.toISOString(),
    }));
    return { list, total };
  }

  /** The accounts the last batches left holding positions, with the core's risk, lowest rate first (then by user). */
  private async heldAccounts(filter: HolderFilter): Promise<HeldAccount[]> {
    const holders = await this.repository.leverHolders(filter);
    const accounts = holders.flatMap((holder): HeldAccount[] => {
      const risk = this.read.leverRisk(holder.user_id, holder.legal_id);
      // closed since the batch that listed it: nothing held any more
      if (risk.margin === 0n || risk.rate === null) return [];
      return [{ holder, risk: { ...risk, rate: risk.rate } }];
    });
    return accounts.sort((a, b) => (a.risk.rate < b.risk.rate ? -1 : a.risk.rate > b.risk.rate ? 1 : a.holder.user_id - b.holder.user_id || a.holder.legal_id - b.holder.legal_id));
  }
}
