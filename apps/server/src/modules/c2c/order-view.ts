import { floorDecimal, maskAccount, type C2cAd, type C2cOrder, type C2cWay, type CashInfo } from '@tessera/protocol';
import { formatPlatformTime, formatTimestamp } from '../../lib/time';
import type { AdRow, OrderRow } from './repository';

export interface OrderParties {
  names: Map<number, string>;
  people: Map<number, { account: string; phone: string }>;
  cash: Map<number, CashInfo>;
}

const coins = (text: string) => floorDecimal(text, 8);
const cny = (text: string) => floorDecimal(text, 2);
const price = (text: string) => floorDecimal(text, 4);

export function adView(row: AdRow, names: Map<number, string>, viewerId: number | undefined): C2cAd {
  return {
    id: Number(row.id),
    type: row.type,
    seller_name: maskAccount(row.account),
    currency_id: row.currency_id,
    currency_name: names.get(row.currency_id) ?? '',
    price: price(row.price),
    total_number: coins(row.total),
    surplus_number: coins(row.remaining),
    min_number: coins(row.min_number),
    max_number: coins(row.max_number),
    way: row.ways,
    ways: row.ways.split(',').filter(Boolean) as C2cWay[],
    status: row.status,
    is_mine: row.user_id === viewerId ? 1 : 0,
    create_time: formatTimestamp(row.created_at),
  };
}

/**
 * An order as one of its parties sees it: the seller's payment methods (where the buyer pays) and
 * the buyer's, the counterparty's phone and real name. Only ever built for a party.
 */
export function orderView(row: OrderRow, viewerId: number, parties: OrderParties, appealAfterMs: number, now: Date): C2cOrder {
  const role = row.buyer_id === viewerId ? 'buyer' : 'seller';
  const counterparty = role === 'buyer' ? row.seller_id : row.buyer_id;
  const sellerCash = parties.cash.get(row.seller_id);
  const buyerCash = parties.cash.get(row.buyer_id);
  const publisher = parties.people.get(row.publisher_id);
  const taker = parties.people.get(row.taker_id);
  const appealFrom = row.status === 3 && row.paid_at ? new Date(row.paid_at.getTime() + appealAfterMs) : null;
  return {
    id: Number(row.id),
    ad_id: Number(row.ad_id),
    type: row.type,
    role,
    is_publisher: row.publisher_id === viewerId ? 1 : 0,
    currency_id: row.currency_id,
    currency_name: parties.names.get(row.currency_id) ?? '',
    number: coins(row.number),
    price: price(row.price),
    deal_money: cny(row.deal_money),
    way_name: row.ways,
    is_sure: row.status as C2cOrder['is_sure'],
    cancel_reason: row.cancel_reason,
    create_time: formatTimestamp(row.created_at),
    format_create_time: formatPlatformTime(row.created_at),
    pay_deadline: formatTimestamp(row.pay_by),
    paid_time: row.paid_at ? formatTimestamp(row.paid_at) : '',
    seller_name: maskAccount(publisher?.account ?? ''),
    seller_phone: publisher?.phone ?? '',
    phone: (counterparty === row.publisher_id ? publisher : taker)?.phone ?? '',
    hes_realname: parties.cash.get(counterparty)?.real_name ?? '',
    sell_cash_info: {
      alipay_account: sellerCash?.alipay_account ?? '',
      wechat_account: sellerCash?.wechat_account ?? '',
      wechat_nickname: sellerCash?.wechat_nickname ?? '',
      bank_name: sellerCash?.bank_name ?? '',
      bank_account: sellerCash?.bank_account ?? '',
    },
    user_cash_info: {
      real_name: buyerCash?.real_name ?? '',
      bank_account: buyerCash?.bank_account ?? '',
      wechat_account: buyerCash?.wechat_account ?? '',
      alipay_account: buyerCash?.alipay_account ?? '',
    },
    appeal: {
      can_appeal: appealFrom !== null && row.appealed_at === null && now >= appealFrom ? 1 : 0,
      appeal_from: appealFrom ? formatTimestamp(appealFrom) : '',
      appealed: row.appealed_at === null ? 0 : 1,
      by_me: row.appeal_by === viewerId ? 1 : 0,
      message: row.appeal_message,
      image: row.appeal_image,
      resolution: row.resolution,
    },
  };
}
