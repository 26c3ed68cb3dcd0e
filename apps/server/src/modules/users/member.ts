import { refuse } from '../../core/refusal';
import type { UserRepository, UserRow } from './repository';

/** The user behind a session, refused when it is the shared guest account: guests may change no setting. */
export async function memberOf(users: Pick<UserRepository, 'findById'>, userId: number): Promise<UserRow> {
  const user = await users.findById(userId);
  if (!user) refuse('user not found');
  if (user.is_vistor) refuse('guest accounts cannot do this');
  return user;
}
