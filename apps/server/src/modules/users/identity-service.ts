import { CARD_ID_PATTERN, CHINESE_CHARACTER, maskAccount } from '@tessera/protocol';
import { refuse } from '../../core/refusal';
import { storedUploadUrl, type UploadService } from '../uploads/service';
import type { IdentityRepository } from './identity-repository';
import type { UserRepository } from './repository';
import type { SecondFactorService } from './second-factor-service';
import { securityStrength } from './security-service';

export interface IdentityInput {
  name?: string;
  card_id?: string;
  front_pic?: string;
  reverse_pic?: string;
  hand_pic?: string;
}

/** Real-name verification: the user submits, an operator decides (see the admin module). */
export class IdentityService {
  constructor(
    private readonly users: UserRepository,
    private readonly identities: IdentityRepository,
    private readonly uploads: UploadService,
    private readonly secondFactor: Pick<SecondFactorService, 'isBound'>,
  ) {}

  /** user/center: the review state, what was submitted (masked), and the security strength. */
  async center(userId: number) {
    const user = await this.users.findById(userId);
    if (!user) refuse('user not found');
    const [latest, authenticator] = await Promise.all([this.identities.latestOf(userId), this.secondFactor.isBound(userId)]);
    return {
      review_status: user.review_status,
      name: latest && user.review_status !== 0 ? latest.name : '',
      card_id: latest && user.review_status !== 0 ? maskAccount(latest.card_id) : '',
      reject_reason: user.review_status === 0 && latest?.status === 3 ? latest.reject_reason : '',
      account: user.account,
      phone: user.phone,
      email: user.email,
      pay_password_set: user.pay_password_hash ? (1 as const) : (0 as const),
      google_bind: authenticator ? (1 as const) : (0 as const),
      strength: securityStrength(user, authenticator),
    };
  }

  /**
   * Identity (real-name) submission, once per account and never by a guest: a name without digits
   * (at most 60 characters), an id number that is a valid card number without Chinese characters,
   * three photos the caller uploaded, and a card no other account has had verified.
   */
  async submit(userId: number, input: IdentityInput): Promise<void> {
    const user = await this.users.findById(userId);
    if (!user) refuse('user not found');
    if (user.is_vistor) refuse('guest accounts cannot do this');
    if (user.review_status !== 0) refuse('identity already submitted');
    const name = input.name?.trim();
    if (!name) refuse('enter real name');
    if (/\d/.test(name) || name.length > 60) refuse('name must not contain digits');
    const cardId = input.card_id?.trim();
    if (!cardId) refuse('enter id number');
    if (CHINESE_CHARACTER.test(cardId)) refuse('id number must not contain chinese characters');
    if (!CARD_ID_PATTERN.test(cardId)) refuse('id number is not valid');
    const pictures = [input.front_pic, input.reverse_pic, input.hand_pic];
    if (pictures.some((picture) => !picture)) refuse('upload all three photos');
    for (const picture of pictures) {
      if (!(await this.uploads.ownedBy(userId, picture ?? ''))) refuse('photo not found, upload it again');
    }
    if (await this.identities.cardVerified(cardId)) refuse('this id is already verified');
    await this.identities.add({
      user_id: userId,
      name,
      card_id: cardId.toUpperCase(),
      front_pic: storedUploadUrl(input.front_pic),
      reverse_pic: storedUploadUrl(input.reverse_pic),
      hand_pic: storedUploadUrl(input.hand_pic),
    });
    await this.uploads.markReferenced(userId, pictures.map((picture) => picture ?? ''));
    await this.users.setReviewStatus(userId, 1);
  }
}
