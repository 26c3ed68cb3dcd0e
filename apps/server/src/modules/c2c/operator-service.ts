import type { PageRequest } from '../../lib/paging';
import type { OperatorRepository } from '../admin/repository';
import type { SettingsRepository } from '../system/settings-repository';
import { APPEAL_MINUTES_SETTING, DEFAULT_APPEAL_MINUTES, type C2cService } from './service';

/** Operators' side of c2c: appealed orders, rulings on them and the appeal window; each change goes to the operator log. */
export class C2cOperatorService {
  constructor(
    private readonly c2c: C2cService,
    private readonly operators: OperatorRepository,
    private readonly settings: SettingsRepository,
  ) {}

  appeals(request: PageRequest) {
    return this.c2c.appealed(request);
  }

  async resolve(operatorId: number, orderId: number, outcome: 'release' | 'return', note: string) {
    const { before, after } = await this.c2c.resolve(operatorId, orderId, outcome);
    await this.operators.log(operatorId, {
      action: `c2c.${outcome}`,
      target: `c2c_order:${orderId}`,
      userId: outcome === 'release' ? before.buyer_id : before.seller_id,
      before,
      after: { ...after, note },
    });
    return { ok: true as const, is_sure: after?.is_sure ?? before.is_sure };
  }

  async appealMinutes(): Promise<number> {
    return (await this.settings.get<number>(APPEAL_MINUTES_SETTING)) ?? DEFAULT_APPEAL_MINUTES;
  }

  async setAppealMinutes(operatorId: number, minutes: number): Promise<void> {
    const before = await this.appealMinutes();
    await this.settings.set(APPEAL_MINUTES_SETTING, minutes);
    await this.operators.log(operatorId, { action: 'settings.c2c_appeal_minutes', target: `setting:${APPEAL_MINUTES_SETTING}`, before, after: minutes });
  }
}
