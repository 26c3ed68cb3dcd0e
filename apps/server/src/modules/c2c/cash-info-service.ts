import type { CashInfo } from '@tessera/protocol';
import { refuse } from '../../core/refusal';
import type { Clock } from '../../lib/time';
import type { CashInfoRepository } from './cash-info-repository';

export type CashSaveInput = Partial<CashInfo>;

const EMPTY: CashInfo = { real_name: '', bank_name: '', bank_account: '', alipay_account: '', wechat_account: '', wechat_nickname: '' };
/** A bank card number: 12 to 19 digits (spaces allowed between groups). */
const CARD_NUMBER = /^\d{12,19}$/;

/** The ways a user can be paid, from their saved methods. */
export function waysOf(info: CashInfo | undefined): Set<'ali_pay' | 'we_chat' | 'bank'> {
  const ways = new Set<'ali_pay' | 'we_chat' | 'bank'>();
  if (!info) return ways;
  if (info.alipay_account) ways.add('ali_pay');
  if (info.wechat_account) ways.add('we_chat');
  if (info.bank_name && info.bank_account) ways.add('bank');
  return ways;
}

/** Payment methods (user/cash_info, user/cash_save): a real name and at least one way to be paid. */
export class CashInfoService {
  constructor(
    private readonly repository: CashInfoRepository,
    private readonly clock: Clock,
  ) {}

  async info(userId: number): Promise<CashInfo> {
    return (await this.repository.find(userId)) ?? { ...EMPTY };
  }

  async save(userId: number, input: CashSaveInput): Promise<void> {
    const info: CashInfo = { ...EMPTY };
    for (const field of Object.keys(EMPTY) as (keyof CashInfo)[]) info[field] = (input[field] ?? '').trim();
    info.bank_account = info.bank_account.replace(/\s+/g, '');
    if (!info.real_name) refuse('enter real name');
    if (/\d/.test(info.real_name)) refuse('name must not contain digits');
    if (Boolean(info.bank_name) !== Boolean(info.bank_account)) refuse('enter bank name and card number');
    if (info.bank_account && !CARD_NUMBER.test(info.bank_account)) refuse('bank card number is not valid');
    if (waysOf(info).size === 0) refuse('at least one payment method is required');
    await this.repository.save(userId, info, this.clock());
  }
}
