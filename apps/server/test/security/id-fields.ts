/**
 * Every field named like an id (`id`, `*_id`, `*Id`) that a route of the OpenAPI document takes,
 * and what it names. The ownership test fails on any id field missing from this table, so a new
 * route that takes an id must say whose object it names, and, when a user owns it, how a stranger
 * sending it is answered (the test then proves it with two real users).
 *
 * - `order`, `address`, `user`: a user's own objects; the entry says how a call naming another
 *   user's object is answered: `refused` with that message, or `ignored` (the reply is the same
 *   as without the field: the caller's own data).
 * - `catalogue`: a public catalogue object (currency, pair, article, category): nobody owns it.
 * - `operator`: operator routes act on any user's objects by design; their guard (an operator
 *   session) is proved by the authorization table test.
 * - `not an id`: a value the user types that only looks like an id by its name.
 */
export type IdField =
  | { names: OwnedKind; stranger: { refused: string } | 'ignored' }
  | { names: 'catalogue' | 'operator' | 'not an id'; why: string }
  // trading bots (issue 28): ids on the signed API, proved by test/api-v1/signed-api.test.ts with two keys' owners
  | { names: 'signed'; why: string };

export type OwnedKind = 'order' | 'address' | 'user' | 'session';

/** Whether an id field names a user's own object (the ownership test sends another user's). */
export function namesOwned(field: IdField): field is Extract<IdField, { names: OwnedKind }> {
  return field.names === 'order' || field.names === 'address' || field.names === 'user' || field.names === 'session';
}

const currency = { names: 'catalogue', why: 'a currency id' } as const;
const operatorUser = { names: 'operator', why: 'the user an operator acts on' } as const;
const operatorRecord = { names: 'operator', why: 'the deposit or withdrawal an operator reviews' } as const;

/** Keyed `METHOD /path field`. */
export const ID_FIELDS: Record<string, IdField> = {
  'GET /api/currency/detail id': currency,
  'GET /api/currency/new_tradehistory legal_id': currency,
  'GET /api/currency/new_tradehistory currency_id': currency,
  'GET /api/currency/index_price legal_id': currency,
  'GET /api/currency/index_price currency_id': currency,
  'POST /api/news/list c_id': { names: 'catalogue', why: 'a news category' },
  'GET /api/news/list c_id': { names: 'catalogue', why: 'a news category' },
  'POST /api/news/detail id': { names: 'catalogue', why: 'a published article' },
  'POST /api/user/real_name card_id': { names: 'not an id', why: 'the identity document number the user types' },
  // account protection (issue 27)
  'POST /api/user/session_end id': { names: 'session', stranger: { refused: 'session not found' } },
  'POST /admin/api/users/:userId/sessions/end userId': operatorUser,
  'POST /admin/api/users/:userId/second-factor/reset userId': operatorUser,

  'POST /api/transaction/deal legal_id': currency,
  'POST /api/transaction/deal currency_id': currency,
  'POST /api/transaction/in legal_id': currency,
  'POST /api/transaction/in currency_id': currency,
  'POST /api/transaction/out legal_id': currency,
  'POST /api/transaction/out currency_id': currency,
  'POST /api/transaction_in legal_id': currency,
  'POST /api/transaction_in currency_id': currency,
  'POST /api/transaction_out legal_id': currency,
  'POST /api/transaction_out currency_id': currency,
  'POST /api/transaction_complete legal_id': currency,
  'POST /api/transaction_complete currency_id': currency,
  'POST /api/transaction_del id': { names: 'order', stranger: { refused: 'not your order' } },
  'POST /api/lever/deal legal_id': currency,
  'POST /api/lever/deal currency_id': currency,
  'POST /api/lever/submit legal_id': currency,
  'POST /api/lever/submit currency_id': currency,
  'POST /api/lever/my_trade legal_id': currency,
  'POST /api/lever/my_trade currency_id': currency,
  'POST /api/lever/dealall legal_id': currency,
  'POST /api/lever/dealall currency_id': currency,
  'POST /api/lever/close id': { names: 'order', stranger: { refused: 'data not found' } },
  'POST /api/lever/cancel id': { names: 'order', stranger: { refused: 'data not found' } },
  'POST /api/lever/setstop id': { names: 'order', stranger: { refused: 'data not found' } },

  'GET /api/wallet/list user_id': { names: 'user', stranger: 'ignored' },
  'POST /api/wallet/list user_id': { names: 'user', stranger: 'ignored' },
  'POST /api/wallet/change currency_id': currency,
  'POST /api/wallet/detail currency_id': currency,
  'GET /api/money/rechange user_id': { names: 'user', stranger: 'ignored' },
  'POST /api/wallet/addaddress currency_id': currency,
  'POST /api/wallet/deladdress address_id': { names: 'address', stranger: { refused: 'no permission to delete' } },
  'POST /api/dev/chain/deposit currency_id': currency,

  'POST /api/c2c_send currency_id': currency,
  'GET /api/c2c_deal_platform currency_id': currency,
  'GET /api/c2c/seller_trade currency_id': currency,
  'POST /api/c2c/do_legal_deal id': { names: 'catalogue', why: 'a published c2c ad, open to every taker' },
  'POST /api/c2c/back_send id': { names: 'order', stranger: { refused: 'ad not found' } },
  'GET /api/c2c/legal_send_deal_list id': { names: 'order', stranger: { refused: 'ad not found' } },
  'GET /api/c2c_deal id': { names: 'order', stranger: { refused: 'order not found' } },
  'POST /api/c2c/user_legal_pay_cancel id': { names: 'order', stranger: { refused: 'order not found' } },
  'POST /api/c2c/user_legal_pay id': { names: 'order', stranger: { refused: 'order not found' } },
  'POST /api/c2c/legal_deal_user_sure id': { names: 'order', stranger: { refused: 'order not found' } },
  'POST /api/c2c/legal_deal_sure id': { names: 'order', stranger: { refused: 'order not found' } },
  'POST /api/c2c/appeal id': { names: 'order', stranger: { refused: 'order not found' } },

  'PUT /admin/api/lever/pairs/:pairId pairId': { names: 'catalogue', why: 'a pair' },
  'POST /admin/api/kyc/:userId/approve userId': operatorUser,
  'POST /admin/api/kyc/:userId/reject userId': operatorUser,
  'POST /admin/api/users/:userId/lock userId': operatorUser,
  'POST /admin/api/users/:userId/unlock userId': operatorUser,
  'POST /admin/api/users/:userId/region-agent userId': operatorUser,
  'DELETE /admin/api/users/:userId/region-agent userId': operatorUser,
  'POST /admin/api/users/:userId/seller userId': operatorUser,
  'POST /admin/api/users/:userId/credit userId': operatorUser,
  'POST /admin/api/users/:userId/credit currency_id': currency,
  'POST /admin/api/deposits/:id/confirm id': operatorRecord,
  'POST /admin/api/deposits/:id/reject id': operatorRecord,
  'POST /admin/api/withdrawals/:id/approve id': operatorRecord,
  'POST /admin/api/withdrawals/:id/reject id': operatorRecord,
  'POST /admin/api/withdrawals/:id/chain-success id': operatorRecord,
  'POST /admin/api/withdrawals/:id/chain-failure id': operatorRecord,
  'POST /admin/api/c2c/orders/:id/resolve id': { names: 'operator', why: 'the appealed c2c order an operator rules on' },

  // second contracts
  'POST /api/microtrade/submit match_id': { names: 'catalogue', why: 'a pair' },
  'POST /api/microtrade/submit currency_id': currency,
  'GET /api/microtrade/lists match_id': { names: 'catalogue', why: 'a pair: narrows the caller’s own contracts' },
  'PUT /admin/api/micro/pairs/:pairId pairId': { names: 'operator', why: 'the pair an operator opens or closes for second contracts' },

  // token subscription (UpStart)
  'GET /api/user/upstart id': { names: 'catalogue', why: 'a published subscription project' },
  'POST /api/user/up_order id': { names: 'catalogue', why: 'a published subscription project' },
  'POST /api/user/unlock id': { names: 'order', stranger: { refused: 'order not found' } },
  'POST /admin/api/upstart/projects currency_id': currency,
  'PUT /admin/api/upstart/projects/:id id': { names: 'operator', why: 'the project an operator edits' },
  'PUT /admin/api/upstart/projects/:id currency_id': currency,

  // acceptor deals
  'GET /api/acceptor/info id': { names: 'catalogue', why: 'an acceptor: a published trading counterparty' },
  'POST /api/acceptor/deal acceptor_id': { names: 'catalogue', why: 'an acceptor: a published trading counterparty' },
  'POST /api/acceptor/user_confirm id': { names: 'order', stranger: { refused: 'order not found' } },
  'POST /api/acceptor/confirm id': { names: 'order', stranger: { refused: 'order not found' } },
  'POST /api/acceptor/reject id': { names: 'order', stranger: { refused: 'order not found' } },
  'POST /api/acceptor/paid id': { names: 'order', stranger: { refused: 'order not found' } },
  'POST /api/acceptor/object id': { names: 'order', stranger: { refused: 'order not found' } },
  'PUT /admin/api/users/:userId/acceptor userId': operatorUser,
  'PUT /admin/api/users/:userId/acceptor currency_id': currency,
  'GET /admin/api/acceptors/deals acceptor_id': { names: 'operator', why: 'a filter of the acceptor deals: the acceptor' },
  'GET /admin/api/acceptors/deals user_id': { names: 'operator', why: 'a filter of the acceptor deals: the user' },
  'POST /admin/api/acceptors/deals/:id/rule id': { names: 'operator', why: 'the disputed acceptor deal an operator rules on' },
  'POST /api/notification/read id': { names: 'order', stranger: { refused: 'notification not found' } },
  'GET /admin/api/users/:userId userId': operatorUser,
  'GET /admin/api/users/:userId/ledger userId': operatorUser,
  'GET /admin/api/users/:userId/orders userId': operatorUser,
  'GET /admin/api/users/:userId/positions userId': operatorUser,
  'GET /admin/api/users/:userId/contracts userId': operatorUser,
  'GET /admin/api/users/:userId/addresses userId': operatorUser,
  'GET /admin/api/operator-log operator_id': { names: 'operator', why: 'a filter of the log: the operator who acted' },
  'GET /admin/api/operator-log user_id': { names: 'operator', why: 'a filter of the log: the user acted on' },
  'GET /admin/api/c2c/orders user_id': { names: 'operator', why: 'a filter of the c2c orders: a party' },
  'GET /admin/api/risk/lever-accounts currency_id': currency,
  'GET /admin/api/risk/micro-contracts currency_id': currency,
  'GET /admin/api/risk/micro-contracts pair_id': { names: 'catalogue', why: 'a trading pair' },
  'GET /admin/api/risk/micro-contracts user_id': { names: 'operator', why: 'a filter of the running contracts: the user' },
  'PUT /admin/api/operators/:id id': { names: 'operator', why: 'the operator an admin manages' },
  'POST /admin/api/operators/:id/reset-totp id': { names: 'operator', why: 'the operator an admin manages' },
  'POST /admin/api/adjustments/:id/approve id': { names: 'operator', why: 'the adjustment a second operator decides' },
  'POST /admin/api/adjustments/:id/reject id': { names: 'operator', why: 'the adjustment a second operator decides' },
  'GET /admin/api/content/articles c_id': { names: 'catalogue', why: 'a news category' },
  'POST /admin/api/content/articles c_id': { names: 'catalogue', why: 'a news category' },
  'PUT /admin/api/content/articles/:key c_id': { names: 'catalogue', why: 'a news category' },
  'PUT /admin/api/markets/pairs/:id id': { names: 'catalogue', why: 'a trading pair' },
  // proof of liabilities: a published snapshot is public; the proof is always the caller's own leaf
  'GET /api/liabilities/proof id': { names: 'catalogue', why: 'a published proof-of-liabilities snapshot' },

  // trading bots (issue 28): API keys (a stranger naming A's id finds no key of theirs) and the signed API v1
  'POST /api/apikey/delete id': { names: 'order', stranger: { refused: 'api key not found' } },
  'POST /api/transaction/in client_order_id': { names: 'not an id', why: 'the caller’s own label for the new order, unique per user' },
  'POST /api/transaction/out client_order_id': { names: 'not an id', why: 'the caller’s own label for the new order, unique per user' },
  'GET /api/v1/order orderId': { names: 'signed', why: 'the key owner’s order: another user’s is not found' },
  'GET /api/v1/order clientOrderId': { names: 'signed', why: 'the key owner’s own id for an order: looked up among the owner’s orders only' },
  'DELETE /api/v1/order orderId': { names: 'signed', why: 'the key owner’s order: another user’s is refused (not your order)' },
  'DELETE /api/v1/order clientOrderId': { names: 'signed', why: 'the key owner’s own id for an order: looked up among the owner’s orders only' },
  'POST /api/v1/order clientOrderId': { names: 'signed', why: 'the key owner’s own id for the new order, unique per user' },
  'GET /api/v1/my-trades fromId': { names: 'signed', why: 'a trade id the owner’s fills start from: only the owner’s fills are read' },
};

export const ID_FIELD_PATTERN = /^id$|_id$|Id$/;
