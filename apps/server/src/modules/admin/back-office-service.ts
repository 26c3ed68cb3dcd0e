import { formatAmount, parseAmount } from '../../core/amount';
import { refuse } from '../../core/refusal';
import type { Clock } from '../../lib/time';
import { deviceOf } from '../../lib/user-agent';
import { LOGIN_HISTORY_DAYS, type LoginHistoryRepository } from '../auth/login-history-repository';
import type { SecondFactorService } from '../users/second-factor-service';
import type { PageRequest } from '../../lib/paging';
import type { UserRepository } from '../users/repository';
import { directionName } from '../micro/present';
import type { AddressBookService } from '../withdrawals/address-book-service';
import type { BackOfficeRepository } from './back-office-repository';
import type { DashboardQueues } from './dashboard-queues';
import type { LedgerAdminService } from './ledger-service';

/** Lever trade states as the back office names them. */
const LEVER_STATUS: Record<number, string> = { 0: 'order', 1: 'open', 3: 'closed', 4: 'cancelled' };

/** NUMERIC text as the API writes amounts: no trailing zeros ('7.500' → '7.5'). */
function amounts<Row extends Record<string, unknown>>(row: Row, keys: readonly (keyof Row)[]): Row {
  const copy = { ...row };
  for (const key of keys) {
    const value = copy[key];
    if (typeof value === 'string') copy[key] = formatAmount(parseAmount(value)) as Row[keyof Row];
  }
  return copy;
}

export interface LogFilter {
  operatorId?: number;
  action?: string;
  target?: string;
  userId?: number;
}

/** What operators read: the dashboard, users and everything of one user, the operator log. */
export class BackOfficeService {
  constructor(
    private readonly repository: BackOfficeRepository,
    private readonly users: UserRepository,
    private readonly addressBook: AddressBookService,
    private readonly ledger: LedgerAdminService,
    private readonly clock: Clock,
    private readonly queues: DashboardQueues,
    /** account protection: the user's authenticator and login history */
    private readonly protection: { secondFactor: Pick<SecondFactorService, 'state'>; history: Pick<LoginHistoryRepository, 'list'> },
  ) {}

  async dashboard() {
    const since = new Date(this.clock().getTime() - 24 * 3_600_000);
    const [builtIn, more, pairs, accounts, lastAudit] = await Promise.all([
      this.repository.queueCounts(),
      this.queues.counts(),
      this.repository.pairVolumes(since),
      this.repository.systemBalances(),
      this.ledger.lastAudit(),
    ]);
    return {
      queues: { ...builtIn, ...more },
      since: since.toISOString(),
      pairs: pairs.map((row) => amounts(row, ['base_volume', 'quote_volume', 'base_fees', 'quote_fees'])),
      accounts: accounts.map((row) => amounts(row, ['available', 'locked'])),
      last_audit: lastAudit ?? null,
    };
  }

  async searchUsers(query: string, page: PageRequest) {
    const rows = await this.repository.searchUsers(query, page.limit, page.offset);
    return { total: rows[0]?.total ?? 0, list: rows.map(({ total: _total, ...row }) => row) };
  }

  async user(userId: number) {
    const user = await this.users.findById(userId);
    if (!user) refuse('user not found');
    const now = this.clock();
    const [balances, sessions, addresses, secondFactor, history] = await Promise.all([
      this.repository.balances(userId),
      this.repository.sessions(userId, 50),
      this.addressBook.list(userId, undefined),
      this.protection.secondFactor.state(userId),
      this.protection.history.list(userId, new Date(now.getTime() - LOGIN_HISTORY_DAYS * 86_400_000), 50, 0),
    ]);
    const { password_hash: _password, pay_password_hash: payPassword, ...profile } = user;
    return {
      profile: { ...profile, has_pay_password: payPassword !== null },
      balances: balances.map((row) => amounts(row, ['available', 'locked'])),
      sessions: sessions.map((row) => ({ ...row, device: deviceOf(row.user_agent), live: row.revoked_at === null && row.expires_at > now })),
      addresses,
      second_factor: secondFactor,
      login_history: history.map(({ total: _total, ...row }) => ({ ...row, device: deviceOf(row.user_agent) })),
    };
  }

  async ledgerEntries(userId: number, page: PageRequest) {
    await this.existing(userId);
    const rows = await this.repository.ledgerEntries(userId, page.limit, page.offset);
    return { total: rows[0]?.total ?? 0, list: rows.map(({ total: _total, ...row }) => amounts(row, ['delta_available', 'delta_locked'])) };
  }

  async orders(userId: number, page: PageRequest) {
    await this.existing(userId);
    const rows = await this.repository.orders(userId, page.limit, page.offset);
    return { total: rows[0]?.total ?? 0, list: rows.map(({ total: _total, ...row }) => amounts(row, ['price', 'quantity', 'filled'])) };
  }

  async positions(userId: number, page: PageRequest) {
    await this.existing(userId);
    const rows = await this.repository.positions(userId, page.limit, page.offset);
    return {
      total: rows[0]?.total ?? 0,
      list: rows.map(({ total: _total, type, status, ...row }) => ({
        ...amounts(row, ['share_num', 'price', 'margin', 'fee', 'overnight', 'take_profit', 'stop_loss', 'close_price', 'profits']),
        side: type === 1 ? 'long' : 'short',
        status: LEVER_STATUS[status] ?? String(status),
      })),
    };
  }

  async contracts(userId: number, page: PageRequest) {
    await this.existing(userId);
    const rows = await this.repository.contracts(userId, page.limit, page.offset);
    return {
      total: rows[0]?.total ?? 0,
      list: rows.map(({ total: _total, type, status, ...row }) => ({
        ...amounts(row, ['number', 'fee', 'open_price', 'end_price', 'fact_profits']),
        direction: directionName(type),
        status: status === 1 ? 'running' : 'closed',
      })),
    };
  }

  async log(filter: LogFilter, page: PageRequest) {
    const rows = await this.repository.operatorLog(filter, page.limit, page.offset);
    return { total: rows[0]?.total ?? 0, list: rows.map(({ total: _total, ...row }) => row) };
  }

  private async existing(userId: number) {
    if (!(await this.users.findById(userId))) refuse('user not found');
  }
}
