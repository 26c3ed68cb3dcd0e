import { z } from 'zod';
import { cacheBusting, optionalText, optionalWholeNumber, pageQuery, requiredBigId } from './form';

/** The subscription cycle: 1 preheat, 2 subscribing, 3 ended, 4 result announced. */
export const UPSTART_STAGES = [1, 2, 3, 4] as const;

/** user/upstart: the project on offer (the one subscribing, else the newest), with the caller's balance. */
export const upstartInfo = z.object({
  id: z.int(),
  title: z.string(),
  abstract: z.string(),
  content: z.string().describe('project details, rich text (HTML)'),
  total: z.string().describe('planned total, in tokens'),
  sy: z.string().describe('remaining: planned total less what was subscribed'),
  issued: z.string().describe('subscribed so far, in tokens'),
  price: z.string().describe('price of one token in buymoney'),
  start_time2: z.string().describe('subscription start, YYYY-MM-DD HH:mm:ss UTC'),
  end_time2: z.string().describe('subscription end, YYYY-MM-DD HH:mm:ss UTC'),
  buymoney: z.string().describe('the currency paid: USDT'),
  c_name: z.string().describe('the token subscribed'),
  iepn_scz: z.int().describe('frozen hours: how long subscribed tokens stay locked'),
  step: z.int().min(1).max(4).describe('1 preheat, 2 subscribing, 3 ended, 4 result announced'),
  can_subscribe: z.boolean().describe('true while step is 2 and now is between start and end'),
  detail: z.object({ balance: z.string().describe('the caller’s available buymoney in the change wallet') }),
});

export const upstartInfoQuery = z.object({ id: optionalWholeNumber.describe('a project id; default the one on offer'), ...cacheBusting });

export const upstartPrice = z.object({ price: z.string(), currency_name: z.string(), buymoney: z.string() });

export const upOrderBody = z.object({
  amount: optionalText(40).describe('what to pay, in buymoney: a whole multiple of 100'),
  buymoney: optionalText(16).describe('the currency paid: USDT (name or id 3)'),
  id: optionalWholeNumber.describe('a project id; default the one on offer'),
});

export const upstartRecord = z.object({
  id: z.int(),
  project_id: z.int(),
  currency_name: z.string(),
  buymoney: z.string(),
  paid: z.string(),
  price: z.string(),
  amount: z.string().describe('tokens'),
  status: z.int().min(1).max(3).describe('1 locked, 2 unlockable, 3 completed'),
  created_at: z.string(),
  endtime_at: z.string().describe('when the tokens become unlockable'),
});

export const uplistsBody = z.object({ ...pageQuery });
export const uplistsPage = z.object({ data: z.array(upstartRecord), limit: z.int(), page: z.int(), pages: z.int(), total: z.int() });

export const unlockBody = z.object({ id: requiredBigId });

/** The operator's project form (operator API). */
export const upstartProjectInput = z.object({
  title: z.string().min(1).max(120),
  abstract: z.string().max(2000).default(''),
  content: z.string().max(100_000).default(''),
  currency_id: z.int().positive().max(2_147_483_647),
  total: z.string().regex(/^\d{1,20}(\.\d{1,18})?$/),
  price: z.string().regex(/^\d{1,20}(\.\d{1,18})?$/),
  stage: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
  start_at: z.iso.datetime(),
  end_at: z.iso.datetime(),
  frozen_hours: z.int().min(0).max(87_600),
});
