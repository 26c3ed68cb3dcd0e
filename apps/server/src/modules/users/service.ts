import type { UserInfo } from '@tessera/protocol';
import { refuse } from '../../core/refusal';
import { formatTimestamp } from '../../lib/time';
import type { UserRepository, UserRow } from './repository';

export class UserService {
  constructor(private readonly users: UserRepository) {}

  async info(userId: number): Promise<UserInfo> {
    const user = await this.users.findById(userId);
    if (!user) refuse('user not found');
    return toUserInfo(user);
  }
}

export function toUserInfo(user: UserRow): UserInfo {
  return {
    id: user.id,
    account: user.account,
    email: user.email,
    phone: user.phone,
    country_code: user.country_code,
    extension_code: user.extension_code,
    is_vistor: user.is_vistor ? 1 : 0,
    is_seller: user.is_seller ? 1 : 0,
    // per-fiat merchant approvals arrive with c2c; until then nobody is a seller anywhere
    seller: [],
    credit: user.credit,
    review_status: user.review_status,
    created_at: formatTimestamp(user.created_at),
  };
}
