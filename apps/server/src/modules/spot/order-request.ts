import { refuse } from '../../core/refusal';
import type { Atoms } from '../../core/amount';
import type { SpotOrderType, SpotSelfTradePrevention, SpotSide, SpotTimeInForce } from '../../core/spot/state';

/** A spot order as the service takes it from any API (the old form calls and the signed v1): amounts parsed, controls checked. */
export interface SpotOrderRequest {
  pairId: number;
  side: SpotSide;
  type: SpotOrderType;
  price?: Atoms;
  quantity: Atoms;
  stopPrice?: Atoms;
  timeInForce?: SpotTimeInForce;
  postOnly?: boolean;
  stp?: SpotSelfTradePrevention;
  clientOrderId?: string;
}

const TIME_IN_FORCE: readonly SpotTimeInForce[] = ['GTC', 'IOC', 'FOK'];
const STP_MODES: readonly SpotSelfTradePrevention[] = ['cancel_taker', 'cancel_maker', 'cancel_both'];
/** Letters, digits and `_ - : .`, 1 to 36 of them: what every exchange's client order ids fit in (a UUID does). */
const CLIENT_ORDER_ID = /^[A-Za-z0-9_\-:.]{1,36}$/;

/** An empty field means absent, as old clients send it. */
const given = (text: string | undefined): string | undefined => (text === undefined || text === '' ? undefined : text);

export function parseTimeInForce(text: string | undefined): SpotTimeInForce | undefined {
  const value = given(text)?.toUpperCase();
  if (value === undefined) return undefined;
  if (!(TIME_IN_FORCE as readonly string[]).includes(value)) refuse('parameter error');
  return value as SpotTimeInForce;
}

export function parseStp(text: string | undefined): SpotSelfTradePrevention | undefined {
  const value = given(text);
  if (value === undefined) return undefined;
  if (!(STP_MODES as readonly string[]).includes(value)) refuse('parameter error');
  return value as SpotSelfTradePrevention;
}

export function parseClientOrderId(text: string | undefined): string | undefined {
  const value = given(text);
  if (value === undefined) return undefined;
  if (!CLIENT_ORDER_ID.test(value)) refuse('parameter error');
  return value;
}

/** `1`/`true` on, `0`/`false`/absent off. */
export function parseFlag(text: string | boolean | undefined): boolean {
  if (typeof text === 'boolean') return text;
  const value = given(text);
  if (value === undefined || value === '0' || value === 'false') return false;
  if (value === '1' || value === 'true') return true;
  refuse('parameter error');
}

/**
 * The command key of a place: from the client order id when there is one, so that the core
 * applies a retried place once (its keys are durable, across restarts and processes).
 */
export function clientOrderKey(userId: number, clientOrderId: string): string {
  return `spot-client:${userId}:${clientOrderId}`;
}
