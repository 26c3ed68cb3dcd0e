import { pageRequest } from '../lib/paging';
import type { Config } from '../config';
import type { Database } from '../db/database';
import type { Core } from '../core/core';
import type { Clock } from '../lib/time';
import { OperatorRepository } from '../modules/admin/repository';
import { AdminService } from '../modules/admin/service';
import { LedgerAdminService } from '../modules/admin/ledger-service';
import { AdjustmentRepository } from '../modules/admin/adjustment-repository';
import { BackOfficeRepository } from '../modules/admin/back-office-repository';
import { BackOfficeService } from '../modules/admin/back-office-service';
import { DashboardQueues } from '../modules/admin/dashboard-queues';
import { ContentRepository } from '../modules/admin/content-repository';
import { ContentService } from '../modules/admin/content-service';
import { MarketsRepository } from '../modules/admin/markets-repository';
import { MarketsService } from '../modules/admin/markets-service';
import { OperatorAdminRepository } from '../modules/admin/operator-admin-repository';
import { OperatorAdminService } from '../modules/admin/operator-admin-service';
import { MakerSwitches } from '../modules/market-makers/switches';
import { OperatorMoneyService } from '../modules/admin/money-service';
import { AddressAllowList } from '../modules/admin/address-allow-list';
import { OperatorLoginBackoff } from '../modules/admin/login-backoff';
import { OperatorAuthService } from '../modules/admin/operator-auth-service';
import { OperatorTotpRepository } from '../modules/admin/totp-repository';
import { OperatorTotpService } from '../modules/admin/totp-service';
import { SecretBox } from '../lib/secret-box';
import { AccountNames } from '../modules/auth/account-address';
import { CodeDispatchService } from '../modules/auth/code-dispatch-service';
import { RegistrationService } from '../modules/auth/registration-service';
import { CachedSessionRepository } from '../modules/auth/session-repository';
import { LoginBackoff } from '../modules/auth/login-backoff';
import { LoginFailureRepository } from '../modules/auth/login-failure-repository';
import { AuthService } from '../modules/auth/service';
import { CurrencyRepository } from '../modules/market/repository';
import { CurrencyService } from '../modules/market/service';
import { MarketData } from '../modules/market/market-data';
import { MarketRepository } from '../modules/market/market-repository';
import { MarketPushPayloads } from '../modules/market/push-payloads';
import { QuotationService } from '../modules/market/quotation-service';
import { MicroRepository } from '../modules/micro/repository';
import { MicroService } from '../modules/micro/service';
import { MicroOperatorService } from '../modules/micro/operator-service';
import { SpotRepository } from '../modules/spot/repository';
import { SpotService } from '../modules/spot/service';
import { LeverRepository } from '../modules/lever/repository';
import { LeverService } from '../modules/lever/service';
import { LeverAdminService } from '../modules/lever/admin-service';
import { RiskRepository } from '../modules/risk/repository';
import { RiskService } from '../modules/risk/service';
import { CoreTradeFeed } from '../modules/spot/trade-feed';
import { WalletRepository } from '../modules/wallets/repository';
import { WalletService } from '../modules/wallets/service';
import { WalletRecordsService } from '../modules/wallets/records-service';
import { ChainRecordRepository } from '../modules/wallets/chain-records-repository';
import { ChainGate } from '../modules/wallets/chain-gate';
import { developmentDepositKeys, parseDepositKeys } from '../modules/deposits/chain';
import { DepositAddressService } from '../modules/deposits/address-service';
import { DepositRepository } from '../modules/deposits/repository';
import { DepositService } from '../modules/deposits/service';
import { DevelopmentChainWatcher } from '../modules/deposits/watcher';
import { createChainWatchers } from '../modules/chains/watchers';
import { AddressBookService } from '../modules/withdrawals/address-book-service';
import { WithdrawalRepository } from '../modules/withdrawals/repository';
import { WithdrawalService } from '../modules/withdrawals/service';
import { PayPasswordCheck } from '../modules/users/pay-password-check';
import { DemoFunds } from '../modules/demo/demo-funds';
import { messageTransports } from '../modules/messaging/transports';
import { OutboxRepository } from '../modules/messaging/outbox-repository';
import { DevOutboxService } from '../modules/messaging/dev-outbox-service';
import { NewsRepository } from '../modules/news/repository';
import { NewsService } from '../modules/news/service';
import { CountryRepository, CountryService } from '../modules/system/country-service';
import { SettingsRepository } from '../modules/system/settings-repository';
import { SETTING } from '../modules/system/settings';
import { SystemService } from '../modules/system/service';
import { LocalFileStore } from '../modules/uploads/file-store';
import { UploadRepository } from '../modules/uploads/repository';
import { UploadService } from '../modules/uploads/service';
import { IdentityRepository } from '../modules/users/identity-repository';
import { IdentityService } from '../modules/users/identity-service';
import { RegionService } from '../modules/users/region-service';
import { UserRepository } from '../modules/users/repository';
import { SecurityService } from '../modules/users/security-service';
import { UserService } from '../modules/users/service';
import { VerificationCodeRepository } from '../modules/verification/repository';
import { VerificationMarkRepository } from '../modules/verification/mark-repository';
import { VerificationService } from '../modules/verification/service';
import { CashInfoRepository } from '../modules/c2c/cash-info-repository';
import { CashInfoService } from '../modules/c2c/cash-info-service';
import { C2cOperatorService } from '../modules/c2c/operator-service';
import { C2cRepository } from '../modules/c2c/repository';
import { C2cService } from '../modules/c2c/service';
import { UpstartRepository } from '../modules/upstart/repository';
import { UpstartService } from '../modules/upstart/service';
import { AcceptorRepository } from '../modules/acceptors/repository';
import { AcceptorService } from '../modules/acceptors/service';
import { NotificationRepository } from '../modules/notifications/repository';
import { NotificationService } from '../modules/notifications/service';
import { feedNotificationsFromCore } from '../modules/notifications/feed';
import { PaymentRepository } from '../modules/payments/repository';
import { PaymentService, type PaymentGateway } from '../modules/payments/service';
import { LiabilityRepository } from '../modules/liabilities/repository';
import { LiabilityBuilder } from '../modules/liabilities/builder';
import { LiabilityService } from '../modules/liabilities/service';
import { randomBytes } from 'node:crypto';
import { Turns } from '../db/turns';
import type { CoreReach } from '../modules/system/service';
// index prices (issue 23)
import { createIndexFeed } from '../modules/index-prices/create-feed';
import { ReferencePrices } from '../modules/market-makers/reference-prices';
import { IndexPriceService } from '../modules/index-prices/service';
// trading bots (issue 28)
import { ApiKeyRepository } from '../modules/api-keys/repository';
import { ApiKeyService, apiSecretBox } from '../modules/api-keys/service';
import { ApiKeyDirectory } from '../modules/api-v1/api-key-directory';
import { BookDiffStream } from '../modules/api-v1/book-diffs';
import { ApiV1Repository } from '../modules/api-v1/repository';
import { ApiV1Service } from '../modules/api-v1/service';
import { SignedRequestGuard } from '../modules/api-v1/signed-request-guard';
// account protection (issue 27)
import { LoginHistoryRepository } from '../modules/auth/login-history-repository';
import { SessionListService } from '../modules/auth/session-list-service';
import { AccountLockService } from '../modules/users/account-lock-service';
import { LockTokenRepository } from '../modules/users/lock-token-repository';
import { ProtectionRepository } from '../modules/users/protection-repository';
import { ProtectionService } from '../modules/users/protection-service';
import { SecondFactorRepository } from '../modules/users/second-factor-repository';
import { SecondFactorService } from '../modules/users/second-factor-service';
import { SecurityNotices } from '../modules/users/security-notices';
import { WithdrawalLevelLimits } from '../modules/withdrawals/level-limits';
import { ApprovalQueue } from '../modules/admin/approval-queue';

export type Services = ReturnType<typeof createServices>;

/** Wires repositories into services: the one place that knows every module's dependencies. */
export function createServices(db: Database, config: Config, clock: Clock, core: Core, coreReach: () => CoreReach = () => core.state) {
  const users = new UserRepository(db);
  // one task at a time per key across every process (the database's turns table)
  const turns = new Turns(db);
  const sessions = new CachedSessionRepository(db);
  // wrong-password counts of users and operators, one table under separate scopes
  const loginFailures = new LoginFailureRepository(db);
  const backoff = new LoginBackoff(loginFailures, (userId, ip, since) => sessions.openedFrom(userId, ip, since), clock, turns);
  const settings = new SettingsRepository(db);
  const identities = new IdentityRepository(db);
  const outbox = new OutboxRepository(db);
  const { mailer, sms } = messageTransports(config, outbox, clock);
  const verification = new VerificationService(new VerificationCodeRepository(db), mailer, sms, clock, new VerificationMarkRepository(db));
  const countries = new CountryRepository(db);
  const accountNames = new AccountNames(countries, config.DEFAULT_DIALLING_CODE);
  // account protection (issue 27): the authenticator, the allow-list, security messages with a
  // lock code, sessions and login history, withdrawal limits by identity level
  const protectionRepository = new ProtectionRepository(db);
  const accountLocks = new AccountLockService(users, sessions, new LockTokenRepository(db), clock);
  const securityNotices = new SecurityNotices(users, protectionRepository, accountLocks, mailer, sms, clock, siteUrl(config));
  const secondFactor = new SecondFactorService(users, new SecondFactorRepository(db), loginFailures, new SecretBox(config.OPERATOR_SECRET_KEY), clock, securityNotices.notify, backoff);
  const protection = new ProtectionService(users, protectionRepository, secondFactor, securityNotices.notify, clock, config.WITHDRAW_ADDRESS_WAIT_HOURS);
  const loginHistory = new LoginHistoryRepository(db);
  // admits signed requests once in every process; counts the keys' uses for the login history
  const signedRequests = new SignedRequestGuard(db, clock);
  const requireSecondFactor = (userId: number, code: string | undefined) => secondFactor.require(userId, code);
  const withdrawalLimits = new WithdrawalLevelLimits(settings, users, (operatorId, entry) => operators.log(operatorId, entry));
  const uploads = new UploadService(
    new UploadRepository(db),
    users,
    new LocalFileStore(config.uploadsDir),
    {
      perMinute: config.UPLOADS_PER_MINUTE,
      perDay: config.UPLOADS_PER_DAY,
      pendingFiles: config.UPLOAD_PENDING_FILES,
      pendingBytes: config.UPLOAD_PENDING_BYTES,
      unusedHours: config.UPLOAD_UNUSED_HOURS,
    },
    clock,
    turns,
  );
  // market data (candles, 24 h stats, quotations, the CNY rate) from the trades and books the core publishes
  // (a gateway's copy replays the same batches: it counts them too, and only the core's process writes)
  const market = new MarketData(new MarketRepository(db), new CoreTradeFeed(core), clock, config.ROLE !== 'gateway');
  const currencyRepository = new CurrencyRepository(db);
  let currencyNames: Promise<Map<number, string>> | undefined;
  // currency names change only by an operator's hand: read once
  const namesOfCurrencies = () =>
    (currencyNames ??= currencyRepository.listDisplayed().then((rows) => new Map(rows.map((row) => [row.id, row.name]))));
  const walletRepository = new WalletRepository(db);
  const depositsOpen = async () => (await settings.get<boolean>(SETTING.depositsOpen)) ?? true;
  const wallets = new WalletService(core, walletRepository, users, depositsOpen, () => market.usdtCnyRate());
  const gate = new ChainGate(users, depositsOpen);
  // the users' notifications: fed by the core's events and by the services below
  const notifications = new NotificationService(new NotificationRepository(db), clock);
  // written once, where the core runs (a gateway's copy emits the same events)
  if (config.ROLE !== 'gateway') feedNotificationsFromCore(core, notifications.notify, namesOfCurrencies);
  const depositRepository = new DepositRepository(db);
  const depositKeys = parseDepositKeys(
    config.DEPOSIT_XPUB_BTC && config.DEPOSIT_XPUB_ETH && config.DEPOSIT_XPUB_TRON
      ? { btc: config.DEPOSIT_XPUB_BTC, erc20: config.DEPOSIT_XPUB_ETH, trc20: config.DEPOSIT_XPUB_TRON }
      : developmentDepositKeys(),
  );
  const deposits = new DepositService(
    core,
    depositRepository,
    walletRepository,
    new DepositAddressService(depositKeys, depositRepository),
    uploads,
    gate,
    turns,
    clock,
    notifications.notify,
  );
  // outside production, deposits "seen on chain" are reported through POST /api/dev/chain/deposit
  const developmentChain = config.NODE_ENV === 'production' ? undefined : new DevelopmentChainWatcher();
  // how long each report took from the watcher to its credit durable (the metrics read it)
  const chainLag = { observe: (_seconds: number): void => undefined };
  const creditTimed = async (deposit: Parameters<typeof deposits.creditChainDeposit>[0]) => {
    const seen = performance.now();
    const decision = await deposits.creditChainDeposit(deposit);
    chainLag.observe((performance.now() - seen) / 1000);
    return decision;
  };
  developmentChain?.start(creditTimed);
  // chain watchers (issue 29): the networks with a node configured, crediting each output once
  const chainWatchers = createChainWatchers(db, config, walletRepository, creditTimed, core, clock);
  const withdrawalRepository = new WithdrawalRepository(db);
  const withdrawals = new WithdrawalService(core, withdrawalRepository, walletRepository, new PayPasswordCheck(users, clock, turns), depositRepository, gate, clock, {
    requireSecondFactor,
    protection: (userId) => protectionRepository.find(userId),
    levelDayLimitUsdt: (userId) => withdrawalLimits.ofUser(userId),
    notify: securityNotices.notify,
  });
  // development: USDT for the demo accounts, and the shared guest account topped up at its logins
  const demoFunds = config.DEMO_FUNDS ? new DemoFunds(core, users, walletRepository, clock) : undefined;
  const operators = new OperatorRepository(db);
  const addressBook = new AddressBookService(withdrawalRepository, walletRepository, requireSecondFactor, clock, config.WITHDRAW_ADDRESS_WAIT_HOURS);
  const makerSwitches = new MakerSwitches();
  const dashboardQueues = new DashboardQueues();
  const adjustments = new AdjustmentRepository(db);
  const ledger = new LedgerAdminService(core, users, operators, new CurrencyRepository(db), db, adjustments, settings, clock);
  const operatorTotp = new OperatorTotpService(operators, new OperatorTotpRepository(db), new SecretBox(config.OPERATOR_SECRET_KEY), clock);
  const cashInfoRepository = new CashInfoRepository(db);
  const c2c = new C2cService(core, new C2cRepository(db), cashInfoRepository, users, walletRepository, settings, uploads, clock);
  dashboardQueues.register({ key: 'disputes', count: async () => (await c2c.appealed(pageRequest(1, 1))).total });
  const acceptors = new AcceptorService(core, new AcceptorRepository(db), gate);
  dashboardQueues.register({ key: 'acceptor_disputes', count: async () => (await acceptors.dealsForOperator({ disputed: true }, pageRequest(1, 1))).total });
  // index prices (issue 23, decision 0013): the feed of every pair's index into the core, and the
  // simulator's reference prices it reads in development
  const referencePrices = new ReferencePrices();
  const indexFeed = createIndexFeed(config, core, referencePrices, clock);
  // trading bots (issue 28): API keys, the signed API v1 and the book it streams; orders take the one path of SpotService
  const apiKeyRepository = new ApiKeyRepository(db);
  const apiSecrets = apiSecretBox(config.OPERATOR_SECRET_KEY);
  const bookDiffs = new BookDiffStream(core);
  const currencyIdsByName = async () => new Map([...(await namesOfCurrencies())].map(([id, name]) => [name.toUpperCase(), id]));
  const bots = {
    apiKeys: new ApiKeyService(apiKeyRepository, apiSecrets, clock, secondFactor, () => signedRequests.flushUses()),
    apiKeyDirectory: new ApiKeyDirectory(apiKeyRepository, apiSecrets, clock),
    signedRequests,
    bookDiffs,
    apiV1: new ApiV1Service(
      core,
      market,
      new SpotService(core, new SpotRepository(db), namesOfCurrencies, () => market.usdtCnyRate()),
      wallets,
      withdrawals,
      new ApiV1Repository(db),
      bookDiffs,
      currencyIdsByName,
    ),
  };
  const liabilityRepository = new LiabilityRepository(db);
  // proof of liabilities: builds the trees of the snapshots the core takes, beside the core
  const liabilityBuilder = new LiabilityBuilder(liabilityRepository, clock);
  const operatorMoney = new OperatorMoneyService(deposits, withdrawals, operators, ledger, adjustments);
  return {
    chainLag,
    referencePrices,
    indexFeed,
    indexPrices: new IndexPriceService(core, indexFeed),
    liabilityBuilder,
    liabilities: new LiabilityService(core, liabilityRepository, liabilityBuilder),
    ...bots,
    payments: new PaymentService(core, new PaymentRepository(db), paymentGateway(config), () => market.usdtCnyRate(), gate, clock, notifications.notify),
    upstart: new UpstartService(core, new UpstartRepository(db), clock),
    acceptors,
    notifications,
    /** the operators' audit trail, for modules with operator calls of their own */
    operatorLog: operators as Pick<OperatorRepository, 'log'>,
    demoFunds,
    cashInfo: new CashInfoService(cashInfoRepository, clock),
    c2c,
    c2cOperator: new C2cOperatorService(c2c, operators, settings),
    wallets,
    walletRecords: new WalletRecordsService(
      core,
      walletRepository,
      (currency) => wallets.usdtPrice(currency),
      () => market.usdtCnyRate(),
      new ChainRecordRepository(db),
    ),
    deposits,
    developmentChain,
    chainWatchers,
    withdrawals,
    operatorMoney,
    addressBook,
    spot: new SpotService(core, new SpotRepository(db), namesOfCurrencies, () => market.usdtCnyRate()),
    micro: new MicroService(core, new MicroRepository(db), clock),
    microOperator: new MicroOperatorService(new MicroRepository(db), new OperatorRepository(db)),
    lever: new LeverService(core, new LeverRepository(db), namesOfCurrencies, () => market.usdtCnyRate(), turns),
    leverAdmin: new LeverAdminService(core, operators),
    risk: new RiskService(core.read, new RiskRepository(db)),
    auth: new AuthService(users, sessions, backoff, clock, config.SESSION_TTL_HOURS, accountNames, { secondFactor, history: loginHistory, notify: securityNotices.notify }, {
      open: config.DEMO_DATA,
      onLogin: demoFunds && ((guestId) => demoFunds.topUpGuest(guestId)),
    }),
    codes: new CodeDispatchService(users, verification, accountNames, config.PHONE_SIGNUP, protectionRepository),
    registration: new RegistrationService(users, sessions, backoff, settings, verification, accountNames, clock, config.PHONE_SIGNUP),
    users: new UserService(users),
    security: new SecurityService(users, sessions, backoff, verification, clock, secondFactor, securityNotices.notify),
    identity: new IdentityService(users, identities, uploads, secondFactor),
    // account protection (issue 27); `secondFactor.require(userId, code)` guards any new call (API keys)
    secondFactor,
    protection,
    securityNotices,
    accountLocks,
    sessionList: new SessionListService(users, sessions, loginHistory, clock, () => signedRequests.flushUses()),
    withdrawalLimits,
    region: new RegionService(users),
    uploads,
    outbox: new DevOutboxService(outbox),
    admin: new AdminService(operators, users, sessions, identities, settings, clock, notifications.notify),
    // production: an operator logs in with a second factor, or only to enrol one
    operatorAuth: new OperatorAuthService(operators, operatorTotp, new OperatorLoginBackoff(loginFailures), clock, config.NODE_ENV === 'production', turns),
    operatorTotp,
    adminAddresses: config.ADMIN_ALLOWED_IPS === undefined ? AddressAllowList.any() : AddressAllowList.parse(config.ADMIN_ALLOWED_IPS),
    ledger,
    // other products register the queues the dashboard counts (c2c disputes…)
    dashboardQueues,
    backOffice: new BackOfficeService(new BackOfficeRepository(db), users, addressBook, ledger, clock, dashboardQueues, { secondFactor, history: loginHistory }),
    // the second-operator approval queue: adjustments and (issue 27) 2FA resets
    approvals: new ApprovalQueue(adjustments, ledger, users, secondFactor, operators, clock, operatorMoney),
    operatorAdmin: new OperatorAdminService(new OperatorAdminRepository(db), operators, clock),
    content: new ContentService(new ContentRepository(db), operators, clock),
    makerSwitches,
    markets: new MarketsService(core, new MarketsRepository(db), makerSwitches, operators),
    news: new NewsService(new NewsRepository(db)),
    currencies: new CurrencyService(new CurrencyRepository(db)),
    market,
    // the REST replies and the push payloads, shaped from market data's figures
    quotations: new QuotationService(market),
    marketPushPayloads: new MarketPushPayloads(market),
    countries: new CountryService(countries),
    system: new SystemService(
      settings,
      db,
      { supportUrl: config.SUPPORT_URL, appDownloadUrl: config.APP_DOWNLOAD_URL },
      core,
      coreReach,
      () => chainWatchers.statuses(),
    ),
  };
}

/** The web app's address for the lock links of security messages: SITE_URL, else (outside production) this server. */
function siteUrl(config: Config): string | undefined {
  if (config.SITE_URL) return config.SITE_URL;
  return config.NODE_ENV === 'production' ? undefined : `http://${config.HOST}:${config.PORT}`;
}

/**
 * The card payment gateway: the configured one; outside production without one, the development
 * gateway with a key made for this process; in production without one, none (payments refused).
 */
function paymentGateway(config: Config): PaymentGateway | undefined {
  if (config.PAYMENT_GATEWAY_URL && config.PAYMENT_GATEWAY_KEY) return { url: config.PAYMENT_GATEWAY_URL, key: config.PAYMENT_GATEWAY_KEY };
  if (config.NODE_ENV === 'production') return undefined;
  return { url: '/api/dev/payment-gateway', key: randomBytes(32).toString('hex'), development: true };
}
