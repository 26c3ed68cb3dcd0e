import { z } from 'zod';
import { optionalText, optionalWholeNumber } from './form';
import { googleCode } from './protection';

export const loginBody = z.object({
  user_string: optionalText(120).describe('e-mail or phone number'),
  password: optionalText(64),
  type: optionalText(4).describe('1 = password login (the only kind)'),
  is_vistor: optionalWholeNumber.describe('1 = guest login into the shared demo account'),
  area_code: optionalText(8),
  google_code: googleCode,
});

export const loginReply = z.object({
  type: z.literal('ok'),
  message: z.string().describe('the session token'),
  token: z.string(),
  is_vistor: z.union([z.literal(0), z.literal(1)]),
  account: z.string(),
});

export const sellerStatus = z.object({ fiat_id: z.int(), status: z.int() });

export const userInfo = z.object({
  id: z.int(),
  account: z.string(),
  email: z.string(),
  phone: z.string(),
  country_code: z.string(),
  extension_code: z.string().describe('the invite code others register with'),
  is_vistor: z.union([z.literal(0), z.literal(1)]),
  is_seller: z.union([z.literal(0), z.literal(1)]),
  seller: z.array(sellerStatus),
  credit: z.int(),
  review_status: z.int().describe('0 not submitted, 1 under review, 2 approved'),
  created_at: z.string(),
});
export type UserInfo = z.infer<typeof userInfo>;
