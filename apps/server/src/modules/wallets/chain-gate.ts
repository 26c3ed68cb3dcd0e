import { refuse } from '../../core/refusal';
import type { UserRepository } from '../users/repository';

/**
 * Who may deposit or withdraw (spec 3 §4, §6): a signed-in member, not the shared guest account,
 * and only while the operator keeps deposits and withdrawals open (`is_open_CTbi`).
 */
export class ChainGate {
  constructor(
    private readonly users: UserRepository,
    readonly isOpen: () => Promise<boolean>,
  ) {}

  async check(userId: number): Promise<void> {
    const user = await this.users.findById(userId);
    if (!user) refuse('user not found');
    if (user.is_vistor) refuse('guest accounts cannot do this');
    if (!(await this.isOpen())) refuse('deposit and withdrawal are not open');
  }
}
