import { randomUUID } from 'node:crypto';
import { refuse } from '../../core/refusal';
import { formatAmount, tryParseAmount } from '../../core/amount';
import { runAudit, type AuditReport } from '../../core/audit';
import type { Core } from '../../core/core';
import type { Wallet } from '../../core/wallets';
import type { Database } from '../../db/database';
import type { CurrencyRepository } from '../market/repository';
import type { UserRepository } from '../users/repository';
import type { OperatorRepository } from './repository';

export interface CreditInput {
  currency_id: number;
  wallet: Wallet;
  amount: string;
  reason: string;
  idempotency_key?: string;
}

/** Operator money actions: audited manual adjustments through the core, and the ledger audit. */
export class LedgerAdminService {
  constructor(
    private readonly core: Core,
    private readonly users: UserRepository,
    private readonly operators: OperatorRepository,
    private readonly currencies: CurrencyRepository,
    private readonly db: Database,
  ) {}

  async credit(operatorId: number, userId: number, input: CreditInput) {
    if (!(await this.users.findById(userId))) refuse('user not found');
    // checked here, not left to the foreign key: a failed commit would fail the whole batch
    if (!(await this.currencies.findById(input.currency_id))) refuse('currency not found');
    const amount = tryParseAmount(input.amount);
    if (amount === undefined || amount === 0n) refuse('parameter error');
    const key = `operator-adjustment:${input.idempotency_key ?? randomUUID()}`;
    const result = await this.core.execute({
      kind: 'adjust',
      key,
      userId,
      currencyId: input.currency_id,
      wallet: input.wallet,
      amount,
      reason: 'adjustment',
      reference: `operator ${operatorId}: ${input.reason}`.slice(0, 200),
    });
    if (result.applied) {
      await this.operators.recordAction(operatorId, 'ledger.adjust', userId, { ...input, amount: formatAmount(amount), key });
    }
    const balance = this.core.read.balance({ userId, currencyId: input.currency_id, wallet: input.wallet });
    return { applied: result.applied, available: formatAmount(balance.available), locked: formatAmount(balance.locked) };
  }

  audit(): Promise<AuditReport> {
    return runAudit(this.db);
  }
}
