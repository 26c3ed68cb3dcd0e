import { refuse } from '../../core/refusal';
import { verifyPassword } from '../../lib/password';
import type { Clock } from '../../lib/time';
import type { Turns } from '../../db/turns';
import type { UserRepository } from './repository';

/** Wrong payment passwords allowed in a row… */
export const MAX_PAY_PASSWORD_TRIES = 5;
/** …before withdrawals wait this long (or until the owner resets it with an e-mail code). */
export const PAY_PASSWORD_LOCK_MINUTES = 60;

/**
 * The payment password guards money leaving the platform, after the session token: with a stolen
 * token and no limit, its six digits would fall to guessing within a day at the API's rate limit.
 */
export class PayPasswordCheck {
  constructor(
    private readonly users: UserRepository,
    private readonly clock: Clock,
    /** one check at a time per user in every process: each sees the count the one before it left */
    private readonly turns: Turns,
  ) {}

  /** Refuses unless `password` is the user's payment password and the user is not locked out. */
  verify(userId: number, password: string | undefined): Promise<void> {
    return this.turns.run(`pay-password:${userId}`, async () => {
      const user = await this.users.findById(userId);
      if (!user) refuse('user not found');
      if (!user.pay_password_hash) refuse('payment password not set');
      if (!password) refuse('enter the payment password');
      const now = this.clock();
      if (user.pay_password_locked_until && user.pay_password_locked_until > now) refuse('too many wrong payment passwords');
      if (!(await verifyPassword(user.pay_password_hash, password))) {
        const lockUntil = new Date(now.getTime() + PAY_PASSWORD_LOCK_MINUTES * 60_000);
        const locked = await this.users.recordWrongPayPassword(userId, MAX_PAY_PASSWORD_TRIES, lockUntil);
        refuse(locked ? 'too many wrong payment passwords' : 'wrong payment password');
      }
      await this.users.clearPayPasswordTries(userId);
    });
  }
}
