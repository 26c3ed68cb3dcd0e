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
   * the front and back of the card uploaded by the caller (the hand-held photo too, when there is
   * one), and a card no other account has had verified.
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
    const front = input.front_pic ?? '';
    const reverse = input.reverse_pic ?? '';
    if (!front || !reverse) refuse('upload all three photos');
    for (const picture of [front, reverse]) {
      if (!(await this.uploads.ownedBy(userId, picture))) refuse('photo not found, upload it again');
    }
    // the hand-held photo may be missing, or a client's placeholder image: it is then stored
    // empty and the reviewer sees that the third photo is absent
    const hand = input.hand_pic && (await this.uploads.ownedBy(userId, input.hand_pic)) ? input.hand_pic : '';
    if (await this.identities.cardVerified(cardId)) refuse('this id is already verified');
    // only `/uploads/<name>` is stored: a URL naming another host is never shown to reviewers
    await this.identities.add({
      user_id: userId,
      name,
      card_id: cardId.toUpperCase(),
      front_pic: storedUploadUrl(front),
      reverse_pic: storedUploadUrl(reverse),
      hand_pic: storedUploadUrl(hand),
    });
    await this.uploads.markReferenced(userId, hand ? [front, reverse, hand] : [front, reverse]);
    await this.users.setReviewStatus(userId, 1);
  }
}
