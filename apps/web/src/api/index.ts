/**
 * The one public entry of the API layer: a typed client over the `/api` wire (form bodies, `{type, message}` replies), the
 * calls the screens make and the realtime connection. Screens import from here, never from the
 * files behind it.
 */
export { ApiError, apitip, call, configureApi, send, upload, type ApiConfig, type ApiErrorKind, type Envelope } from './client';
export {
  NEWS_CATEGORY,
  accountApi,
  configApi,
  newsApi,
  securityApi,
  userApi,
  type AppLinks,
  type CodePurpose,
  type CodeTarget,
  type IdentityInput,
  type LoginResult,
  type NewPasswordInput,
  type Paged,
  type RegionUser,
  type RegisterInput,
  type RegisterSettings,
  type SupportLinks,
  type UserCenter,
} from './endpoints';
export {
  c2cApi,
  type AdListQuery,
  type C2cAd,
  type C2cAdType,
  type C2cOrder,
  type C2cOrderPush,
  type C2cPage,
  type C2cWay,
  type CashInfo,
  type CurrencyCatalogue,
  type PublishAdInput,
  type ReleaseView,
} from './c2c';
export {
  notificationApi,
  type NotificationItem,
  type NotificationPage,
  type NotificationPush,
} from './notifications';
export { liabilityApi } from './liabilities';
export { paymentApi, type PaymentGatewayForm } from './payment';
export { protectionApi, type AuthenticatorSecret, type LoginHistoryItem, type ProtectionView, type SessionItem } from './protection';
export {
  leverApi,
  type LeverDeal,
  type LeverOpenOrder,
  type LeverPage,
  type LeverPairIds,
  type LeverRisk,
  type LeverRiskItem,
  type LeverStatus,
  type LeverTrade,
  type LeverTradePush,
} from './lever';
export { marketApi, type CandleQuery, type CandleReply, type CurrencyDetail, type IndexPrice } from './market';
export {
  microApi,
  type ClosedMicroOrderPush,
  type MicroOrder,
  type MicroOrderPage,
  type MicroPayableCurrency,
  type MicroSecondsOption,
  type MicroSubmitInput,
  type UpdateKLinePush,
} from './micro';
export {
  spotApi,
  type BookEntry,
  type PairIds,
  type SpotDeal,
  type SpotFill,
  type SpotOpenOrder,
  type SpotOrderInput,
} from './spot';
export {
  acceptorApi,
  type Acceptor,
  type AcceptorDeal,
  type AcceptorDealInput,
  type AcceptorDecision,
  type AcceptorWay,
} from './acceptor';
export { upstartApi, type SubscriptionPage, type SubscriptionRecord, type UpstartInfo } from './upstart';
export {
  WALLET_LOG_TYPE,
  walletApi,
  type AccountLogPage,
  type AddAddressInput,
  type CompanyAddresses,
  type DepositAddresses,
  type DepositRecord,
  type ManualDepositInput,
  type PageInput,
  type SavedAddress,
  type TransferHistoryItem,
  type TransferInput,
  type WalletBalanceItem,
  type WalletCurrency,
  type WalletDetail,
  type WalletList,
  type WalletLogItem,
  type WalletLogPage,
  type WalletName,
  type WithdrawalRecord,
  type WithdrawInfo,
  type WithdrawInput,
} from './wallet';
export {
  RealtimeConnection,
  SOCKET_PATH,
  realtime,
  type BalancePush,
  type ConnectionStatus,
  type PairSubscription,
  type PushName,
  type PushPayloads,
  type SocketIdentity,
} from './socket';
export type { QuotationGroup, QuotationItem } from '../lib/trading/market';
export type {
  CandleBar,
  DaymarketPush,
  KlinePush,
  MarketDepthPush,
  MarketDetailPush,
  NewsArticle,
  NewsSummary,
  RecentTrade,
  TransactionPush,
  UserInfo,
} from '@tessera/protocol';
// trading bots (issue 28): API keys
export { apiKeysApi, type ApiKeyCreated, type ApiKeyInput, type ApiKeyUse, type ApiKeyView } from './api-keys';
