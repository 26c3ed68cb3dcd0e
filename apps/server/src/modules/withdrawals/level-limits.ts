import { formatAmount, parseAmount, tryParseAmount, type Atoms } from '../../core/amount';
import { refuse } from '../../core/refusal';
import type { OperatorLogEntry } from '../admin/repository';
import type { SettingsRepository } from '../system/settings-repository';
import type { UserRepository } from '../users/repository';

/** The setting that holds the limits: `{unverified, verified}`, USDT amounts as text. */
export const LEVEL_LIMITS_SETTING = 'withdrawal_level_limits';

/** Identity levels as withdrawal limits know them: an approved identity is `verified`. */
export const IDENTITY_LEVELS = ['unverified', 'verified'] as const;
export type IdentityLevel = (typeof IDENTITY_LEVELS)[number];

/** Per identity level, what a user may withdraw a day in USDT value, every currency together; '0': no limit. */
export type LevelLimits = Record<IdentityLevel, string>;

/** A fresh install limits nobody: operators set the limits (old accounts behave as they always did until then). */
export const NO_LEVEL_LIMITS: LevelLimits = { unverified: '0', verified: '0' };

/**
 * The daily withdrawal limit of each identity level in USDT value, set by operators. The service
 * reads the caller's limit into the withdrawal command; the core's withdrawals kind checks it as
 * it checks each currency's daily limit, so concurrent applications cannot pass it together.
 */
export class WithdrawalLevelLimits {
  constructor(
    private readonly settings: SettingsRepository,
    private readonly users: Pick<UserRepository, 'findById'>,
    private readonly log: (operatorId: number, entry: OperatorLogEntry) => Promise<void>,
  ) {}

  async get(): Promise<LevelLimits> {
    const stored = await this.settings.get<Partial<LevelLimits>>(LEVEL_LIMITS_SETTING);
    return { ...NO_LEVEL_LIMITS, ...stored };
  }

  /** The user's level's limit in USDT atoms; 0: none. */
  async ofUser(userId: number): Promise<Atoms> {
    const [user, limits] = await Promise.all([this.users.findById(userId), this.get()]);
    return parseAmount(limits[user?.review_status === 2 ? 'verified' : 'unverified']);
  }

  /** An operator's change, in the operator log with the limits before and after. */
  async set(operatorId: number, limits: LevelLimits): Promise<LevelLimits> {
    const next = {} as LevelLimits;
    for (const level of IDENTITY_LEVELS) {
      const amount = tryParseAmount(limits[level]);
      if (amount === undefined || amount < 0n) refuse('parameter error');
      next[level] = formatAmount(amount);
    }
    const before = await this.get();
    await this.settings.set(LEVEL_LIMITS_SETTING, next);
    await this.log(operatorId, { action: 'settings.withdrawal_level_limits', target: `setting:${LEVEL_LIMITS_SETTING}`, before, after: next });
    return next;
  }
}
