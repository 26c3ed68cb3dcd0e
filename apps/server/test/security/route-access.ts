/**
 * Who may call each route of the server. Every route Fastify registers must be listed here: the
 * authorization table test fails on any route missing from this table, so a new route cannot
 * ship without someone deciding (and the tests proving) who may call it.
 *
 * - `public`: anyone; a token, when a route reads one, is optional.
 * - `private`: a live user session; without one the reply is type `999`.
 * - `operator`: a live operator session; without one HTTP 401 `operator login required`.
 * - `development`: public, and registered only outside production.
 * - `static`: files outside the API (content images, identity photos by unguessable name, the web app).
 * - `signed`: the signed API v1, for an API key's owner; without a valid signature HTTP 401 (trading bots, issue 28).
 *
 * HEAD routes are Fastify's automatic twins of GET routes (same hooks, same handler): each is
 * covered by its GET entry. Parameters are written as Fastify writes them (`:id`).
 */
export type Access = 'public' | 'private' | 'operator' | 'development' | 'static' | 'signed';

export const ROUTE_ACCESS: Record<string, Access> = {
  // API reference (swagger UI and the OpenAPI document)
  'GET /api/docs': 'public',
  'GET /api/docs/static/index.html': 'public',
  'GET /api/docs/static/swagger-initializer.js': 'public',
  'GET /api/docs/json': 'public',
  'GET /api/docs/yaml': 'public',
  'GET /api/docs/static/*': 'public',

  // system
  'GET /api/health': 'public',
  'GET /api/health/live': 'public',
  'GET /api/health/ready': 'public',
  // Prometheus metrics: answered to the operators' allow-list only (loopback without one), 404 elsewhere
  'GET /metrics': 'public',
  'GET /api/cfg/kefu': 'public',
  'GET /api/custorm': 'public',
  'GET /api/qrcode': 'public',
  // old clients' QR path outside /api: the same PNG as /api/qrcode
  'GET /qr_create': 'public',

  // accounts: login, codes, registration
  'POST /api/user/login': 'public',
  'POST /api/user/logout': 'public',
  'POST /api/sms_mail': 'public',
  'POST /api/sms_send': 'public',
  'POST /api/user/check_email': 'public',
  'POST /api/user/check_mobile': 'public',
  'POST /api/user/register': 'public',
  'POST /api/user/forget': 'public',
  // old clients: the fund password of an account, proved with a code sent to it (a session only narrows it to the caller's account)
  'POST /api/set_withdraw_password': 'public',
  'GET /api/cfg/register': 'public',
  'GET /api/country/list': 'public',

  // account centre
  'GET /api/user/info': 'private',
  'GET /api/user/center': 'private',
  'POST /api/user/real_name': 'private',
  'GET /api/user/region_users': 'private',
  'POST /api/safe/update_password': 'private',
  'POST /api/safe/set_pay_password': 'private',
  'POST /api/safe/reset_pay_password': 'private',
  'POST /api/safe/email': 'private',
  'POST /api/upload': 'private',

  // account protection (issue 27): the authenticator, the allow-list, sessions and login history
  // (every one refused to the guest account); a lock code of a security message is its own proof
  'GET /api/google_bind/secret': 'private',
  'POST /api/google_bind/bind': 'private',
  'POST /api/google_bind/unbind': 'private',
  'GET /api/safe/protection': 'private',
  'POST /api/safe/anti_phishing': 'private',
  'POST /api/safe/allow_list': 'private',
  'GET /api/user/sessions': 'private',
  'POST /api/user/session_end': 'private',
  'POST /api/user/session_end_others': 'private',
  'GET /api/user/login_history': 'private',
  'POST /api/user/lock_account': 'public',
  'POST /admin/api/users/:userId/sessions/end': 'operator',
  'POST /admin/api/users/:userId/second-factor/reset': 'operator',
  'GET /admin/api/settings/withdrawal-limits': 'operator',
  'PUT /admin/api/settings/withdrawal-limits': 'operator',

  // content and market data
  'POST /api/news/list': 'public',
  'GET /api/news/list': 'public',
  'POST /api/news/detail': 'public',
  'GET /api/news/xieyi': 'public',
  'GET /api/currency/list': 'public',
  'GET /api/currency/detail': 'public',
  'GET /api/currency/quotation_new': 'public',
  'GET /api/currency/new_timeshar': 'public',
  'GET /api/currency/new_tradehistory': 'public',
  'GET /api/currency/type': 'public',

  // spot trading (the book is public; a token, when sent, adds the caller's balances)
  'POST /api/transaction/deal': 'public',
  'POST /api/transaction/in': 'private',
  'POST /api/transaction/out': 'private',
  'POST /api/transaction_in': 'private',
  'POST /api/transaction_out': 'private',
  'POST /api/transaction_complete': 'private',
  'POST /api/transaction_del': 'private',

  // leveraged trading
  'POST /api/lever/deal': 'public',
  'POST /api/lever/submit': 'private',
  'POST /api/lever/my_trade': 'private',
  'POST /api/lever/dealall': 'private',
  'POST /api/lever/close': 'private',
  'POST /api/lever/cancel': 'private',
  'POST /api/lever/setstop': 'private',
  'POST /api/lever/batch_close': 'private',
  'POST /api/lever/risk': 'private',

  // wallets, deposits, withdrawals
  'GET /api/wallet/list': 'private',
  'POST /api/wallet/list': 'private',
  'GET /api/currency/user_currency_list': 'private',
  'GET /api/charge_mention/log': 'private',
  'POST /api/charge_mention/log': 'private',
  'POST /api/wallet/change': 'private',
  'POST /api/wallet/hzhistory': 'private',
  'GET /api/wallet/currencylist': 'private',
  'POST /api/wallet/detail': 'private',
  'POST /api/wallet/legal_log': 'private',
  'POST /api/account/list': 'private',
  'POST /api/wallet/get_in_address': 'private',
  'POST /api/wallet/get_in_addresss': 'private',
  'GET /api/money/rechange': 'private',
  'POST /api/wallet/charge_req': 'private',
  'POST /api/wallet/charge_log': 'private',
  'POST /api/wallet/get_info': 'private',
  'POST /api/wallet/out': 'private',
  'POST /api/wallet/out_log': 'private',
  'POST /api/wallet/get_address': 'private',
  'POST /api/wallet/addaddress': 'private',
  'POST /api/wallet/deladdress': 'private',

  // payment methods and c2c
  'POST /api/user/cash_info': 'private',
  'POST /api/user/cash_save': 'private',
  'POST /api/c2c_send': 'private',
  'GET /api/c2c_deal_platform': 'private',
  'POST /api/c2c/do_legal_deal': 'private',
  'GET /api/c2c/seller_trade': 'private',
  'POST /api/c2c/back_send': 'private',
  'GET /api/c2c_user_deal': 'private',
  'GET /api/c2c_deal': 'private',
  'POST /api/c2c/user_legal_pay_cancel': 'private',
  'POST /api/c2c/user_legal_pay': 'private',
  'POST /api/c2c/legal_deal_user_sure': 'private',
  'POST /api/c2c/legal_deal_sure': 'private',
  'GET /api/c2c/legal_send_deal_list': 'private',
  'POST /api/c2c/appeal': 'private',

  // development conveniences
  'GET /api/dev/outbox': 'development',
  'POST /api/dev/chain/deposit': 'development',

  // operator API
  'POST /admin/api/login': 'public',
  'POST /admin/api/logout': 'operator',
  'POST /admin/api/totp/enrol/start': 'operator',
  'POST /admin/api/totp/enrol/confirm': 'operator',
  'GET /admin/api/kyc': 'operator',
  'POST /admin/api/kyc/:userId/approve': 'operator',
  'POST /admin/api/kyc/:userId/reject': 'operator',
  'POST /admin/api/users/:userId/lock': 'operator',
  'POST /admin/api/users/:userId/unlock': 'operator',
  'POST /admin/api/users/:userId/region-agent': 'operator',
  'DELETE /admin/api/users/:userId/region-agent': 'operator',
  'POST /admin/api/users/:userId/seller': 'operator',
  'PUT /admin/api/settings/registration': 'operator',
  'POST /admin/api/users/:userId/credit': 'operator',
  'GET /admin/api/audit': 'operator',
  'GET /admin/api/deposits': 'operator',
  'POST /admin/api/deposits/:id/confirm': 'operator',
  'POST /admin/api/deposits/:id/reject': 'operator',
  'GET /admin/api/withdrawals': 'operator',
  'POST /admin/api/withdrawals/:id/approve': 'operator',
  'POST /admin/api/withdrawals/:id/reject': 'operator',
  'POST /admin/api/withdrawals/:id/chain-success': 'operator',
  'POST /admin/api/withdrawals/:id/chain-failure': 'operator',
  'PUT /admin/api/settings/deposits': 'operator',
  'GET /admin/api/c2c/appeals': 'operator',
  'GET /admin/api/c2c/ads': 'operator',
  'GET /admin/api/c2c/orders': 'operator',
  'GET /admin/api/risk': 'operator',
  'GET /admin/api/risk/lever-accounts': 'operator',
  'GET /admin/api/risk/micro-contracts': 'operator',
  'POST /admin/api/c2c/orders/:id/resolve': 'operator',
  'GET /admin/api/settings/c2c': 'operator',
  'PUT /admin/api/settings/c2c': 'operator',
  'GET /admin/api/lever/settings': 'operator',
  'PUT /admin/api/lever/settings': 'operator',
  'PUT /admin/api/lever/pairs/:pairId': 'operator',

  // second contracts: terms for everyone, contracts for their owner, terms set by operators
  'GET /api/microtrade/payable_currencies': 'public',
  'GET /api/microtrade/seconds': 'public',
  'POST /api/microtrade/submit': 'private',
  'GET /api/microtrade/lists': 'private',
  'GET /admin/api/micro/settings': 'operator',
  'PUT /admin/api/micro/settings': 'operator',
  'PUT /admin/api/micro/pairs/:pairId': 'operator',
  // back office (modules/admin/back-office-routes.ts); each declares its roles (roles.ts)
  'GET /admin/api/me': 'operator',
  'GET /admin/api/dashboard': 'operator',
  'POST /admin/api/audit/run': 'operator',
  'GET /admin/api/users': 'operator',
  'GET /admin/api/users/:userId': 'operator',
  'GET /admin/api/users/:userId/ledger': 'operator',
  'GET /admin/api/users/:userId/orders': 'operator',
  'GET /admin/api/users/:userId/positions': 'operator',
  'GET /admin/api/users/:userId/contracts': 'operator',
  'GET /admin/api/users/:userId/addresses': 'operator',
  'GET /admin/api/operator-log': 'operator',
  'GET /admin/api/operators': 'operator',
  'POST /admin/api/operators': 'operator',
  'PUT /admin/api/operators/:id': 'operator',
  'POST /admin/api/operators/:id/reset-totp': 'operator',
  'GET /admin/api/adjustments': 'operator',
  'POST /admin/api/adjustments/:id/approve': 'operator',
  'POST /admin/api/adjustments/:id/reject': 'operator',
  'GET /admin/api/settings/adjustment-approval': 'operator',
  'PUT /admin/api/settings/adjustment-approval': 'operator',
  'GET /admin/api/content/categories': 'operator',
  'GET /admin/api/content/articles': 'operator',
  'GET /admin/api/content/articles/:key': 'operator',
  'POST /admin/api/content/articles': 'operator',
  'PUT /admin/api/content/articles/:key': 'operator',
  'POST /admin/api/content/articles/:key/publish': 'operator',
  'DELETE /admin/api/content/articles/:key': 'operator',
  'GET /admin/api/markets/pairs': 'operator',
  'PUT /admin/api/markets/pairs/:id': 'operator',

  // files, the web app and the back office app
  'GET /admin/*': 'static',
  'GET /media/*': 'static',
  'GET /uploads/*': 'static',
  'GET /': 'static',
  'GET /*': 'static',

  // token subscription (UpStart): the price is public
  'POST /api/bi/price': 'public',
  'GET /api/bi/price': 'public',
  'GET /api/user/upstart': 'private',
  'POST /api/user/up_order': 'private',
  'POST /api/user/uplists': 'private',
  'POST /api/user/unlock': 'private',
  'GET /admin/api/upstart/projects': 'operator',
  'POST /admin/api/upstart/projects': 'operator',
  'PUT /admin/api/upstart/projects/:id': 'operator',

  // acceptor deals: users' calls and the acceptor's own
  'GET /api/acceptor/list': 'private',
  // an acceptor's published details: old clients read them without a token
  'GET /api/acceptor/info': 'public',
  'POST /api/acceptor/deal': 'private',
  'GET /api/acceptor/my_deal': 'private',
  'POST /api/acceptor/user_confirm': 'private',
  'GET /api/acceptor/orders': 'private',
  'POST /api/acceptor/confirm': 'private',
  'POST /api/acceptor/reject': 'private',
  'POST /api/acceptor/paid': 'private',
  'POST /api/acceptor/object': 'private',
  'GET /admin/api/acceptors': 'operator',
  'GET /admin/api/acceptors/deals': 'operator',
  'GET /admin/api/acceptors/disputes': 'operator',
  'POST /admin/api/acceptors/deals/:id/rule': 'operator',
  'PUT /admin/api/users/:userId/acceptor': 'operator',

  // notifications (the account centre's messages)
  'POST /api/notification/list': 'private',
  'GET /api/notification/list': 'private',
  'GET /api/notification/unread': 'private',
  'POST /api/notification/read': 'private',

  // card payments: the signed form, the gateway's signed callback, the development gateway
  'POST /api/payment/form': 'private',
  'POST /api/payment/notify': 'public',
  'POST /api/dev/payment-gateway': 'development',
  'POST /api/dev/payment-gateway/pay': 'development',

  // index prices (issue 23): a pair's index and mark, and the development route that sets an index
  'GET /api/currency/index_price': 'public',
  'POST /api/dev/index': 'development',
  // proof of liabilities: published snapshots for everyone, a user's own proof, operators publish
  'GET /api/liabilities': 'public',
  'GET /api/liabilities/proof': 'private',
  'POST /admin/api/liabilities/publish': 'operator',
  'GET /admin/api/liabilities': 'operator',
  // trading bots (issue 28): API keys in the account centre, the signed API v1 (market data is public)
  'POST /api/apikey/create': 'private',
  'GET /api/apikey/list': 'private',
  'POST /api/apikey/list': 'private',
  'POST /api/apikey/delete': 'private',
  'GET /api/apikey/uses': 'private',
  'GET /api/v1/time': 'public',
  'GET /api/v1/markets': 'public',
  'GET /api/v1/tickers': 'public',
  'GET /api/v1/ticker': 'public',
  'GET /api/v1/depth': 'public',
  'GET /api/v1/trades': 'public',
  'GET /api/v1/candles': 'public',
  'GET /api/v1/balances': 'signed',
  'POST /api/v1/order': 'signed',
  'GET /api/v1/order': 'signed',
  'DELETE /api/v1/order': 'signed',
  'DELETE /api/v1/orders': 'signed',
  'GET /api/v1/open-orders': 'signed',
  'GET /api/v1/my-trades': 'signed',
  'POST /api/v1/transfer': 'signed',
  'POST /api/v1/withdraw': 'signed',
};
