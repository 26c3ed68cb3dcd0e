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
 *
 * HEAD routes are Fastify's automatic twins of GET routes (same hooks, same handler): each is
 * covered by its GET entry. Parameters are written as Fastify writes them (`:id`).
 */
export type Access = 'public' | 'private' | 'operator' | 'development' | 'static';

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
  'GET /api/cfg/kefu': 'public',
  'GET /api/custorm': 'public',
  'GET /api/qrcode': 'public',

  // accounts: login, codes, registration
  'POST /api/user/login': 'public',
  'POST /api/user/logout': 'public',
  'POST /api/sms_mail': 'public',
  'POST /api/sms_send': 'public',
  'POST /api/user/check_email': 'public',
  'POST /api/user/check_mobile': 'public',
  'POST /api/user/register': 'public',
  'POST /api/user/forget': 'public',
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
  'GET /admin/api/lever/settings': 'operator',
  'PUT /admin/api/lever/settings': 'operator',
  'PUT /admin/api/lever/pairs/:pairId': 'operator',

  // files and the web app
  'GET /media/*': 'static',
  'GET /uploads/*': 'static',
  'GET /': 'static',
  'GET /*': 'static',
};
