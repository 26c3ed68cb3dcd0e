import type { ReactNode } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { ShellLayout } from '../features/shell/ShellLayout';
import { RouteError } from '../features/shell/RouteError';
import { Redirect, RequireAuth } from './guards';
import type { PageKey, RouteHandle } from './pages';

/** A screen of the account centre or the assets area whose feature comes in a later release: a "not available yet" state beside the side navigation. */
function soonInArea(path: PageKey): RouteObject {
  const handle: RouteHandle = { page: path };
  return {
    path,
    handle,
    lazy: async () => {
      const { NotAvailablePanel } = await import('../features/placeholder/NotAvailablePage');
      return { element: <NotAvailablePanel page={path} /> };
    },
  };
}

/** A screen of the account centre that exists, beside the side navigation. */
function inArea(path: PageKey, load: () => Promise<{ Component: () => ReactNode }>): RouteObject {
  const handle: RouteHandle = { page: path };
  return { path, handle, lazy: load };
}

function area(path: 'account' | 'new_account', first: PageKey, children: (PageKey | RouteObject)[]): RouteObject {
  return {
    path,
    Component: RequireAuth,
    children: [
      {
        lazy: async () => {
          const { AreaLayout } = await import('../features/account/AreaLayout');
          return { element: <AreaLayout area={path} /> };
        },
        children: [
          { index: true, element: <Redirect to={`/${path}/${first}`} /> },
          ...children.map((child) => (typeof child === 'string' ? soonInArea(child) : child)),
        ],
      },
    ],
  };
}

const page = (key: PageKey): RouteHandle => ({ page: key });

/**
 * Every route of the route table, each loaded on demand. Screens of later
 * releases show the "not available yet" state; unknown paths show the not-found page.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    Component: ShellLayout,
    ErrorBoundary: RouteError,
    // The first screen's chunk is still loading: keep the themed background, show nothing yet.
    HydrateFallback: () => null,
    children: [
      {
        index: true,
        handle: page('home'),
        lazy: async () => ({ Component: (await import('../features/home/HomePage')).HomePage }),
      },

      // Authentication
      {
        path: 'components/login',
        handle: page('login'),
        lazy: async () => ({ Component: (await import('../features/auth/LoginPage')).LoginPage }),
      },
      { path: 'login', element: <Redirect to="/components/login" /> },
      {
        path: 'components/loginTourist',
        handle: page('loginTourist'),
        lazy: async () => ({ Component: (await import('../features/auth/GuestLoginPage')).GuestLoginPage }),
      },
      {
        path: 'components/register',
        handle: page('register'),
        lazy: async () => ({ Component: (await import('../features/auth/RegisterPage')).RegisterPage }),
      },
      {
        path: 'forgetPwd',
        handle: page('forgetPwd'),
        lazy: async () => ({ Component: (await import('../features/auth/ForgetPasswordPage')).ForgetPasswordPage }),
      },
      // the lock link of security messages: the code is the proof, no session needed
      {
        path: 'lockAccount',
        handle: page('lockAccount'),
        lazy: async () => ({ Component: (await import('../features/account/LockAccountPage')).LockAccountPage }),
      },

      // Proof of liabilities: the published snapshots, for everyone
      {
        path: 'liabilities',
        handle: page('liabilities'),
        lazy: async () => ({ Component: (await import('../features/liabilities')).LiabilitiesPage }),
      },

      // News
      {
        path: 'noticeList',
        handle: page('noticeList'),
        lazy: async () => ({ Component: (await import('../features/news/NoticeListPage')).NoticeListPage }),
      },
      {
        path: 'components/noticeDetail',
        handle: page('noticeDetail'),
        lazy: async () => ({ Component: (await import('../features/news/NoticeDetailPage')).NoticeDetailPage }),
      },

      // Trading desks and markets (open to visitors)
      {
        path: 'dealCenter',
        handle: page('dealCenter'),
        lazy: async () => ({ Component: (await import('../features/spot/DealCenterPage')).DealCenterPage }),
      },
      {
        path: 'quotation',
        handle: page('quotation'),
        lazy: async () => ({ Component: (await import('../features/quotation/TerminalPage')).TerminalPage }),
      },
      {
        path: 'secondDealCenter',
        handle: page('secondDealCenter'),
        lazy: async () => ({ Component: (await import('../features/micro/SecondDealCenterPage')).SecondDealCenterPage }),
      },
      {
        path: 'match',
        handle: page('match'),
        lazy: async () => ({ Component: (await import('../features/outcome/MatchPage')).MatchPage }),
      },
      {
        path: 'success',
        handle: page('success'),
        lazy: async () => ({ Component: (await import('../features/outcome/SuccessPage')).SuccessPage }),
      },
      {
        path: 'leverdealCenter',
        handle: page('leverdealCenter'),
        lazy: async () => ({ Component: (await import('../features/lever/LeverDealCenterPage')).LeverDealCenterPage }),
      },
      {
        path: 'allTransaction',
        handle: page('allTransaction'),
        lazy: async () => ({ Component: (await import('../features/lever/AllTransactionPage')).AllTransactionPage }),
      },
      {
        path: 'leverTransactions',
        handle: page('leverTransactions'),
        lazy: async () => ({ Component: (await import('../features/lever/LeverTransactionsPage')).LeverTransactionsPage }),
      },
      {
        path: 'leverTransaction',
        handle: page('leverTransaction'),
        lazy: async () => ({ Component: (await import('../features/lever/LeverTransactionPage')).LeverTransactionPage }),
      },
      {
        path: 'leverList',
        handle: page('leverList'),
        lazy: async () => ({ Component: (await import('../features/lever/LeverListPage')).LeverListPage }),
      },

      // Screens that need a session
      {
        Component: RequireAuth,
        children: [
          // Peer-to-peer fiat trading and payment methods
          {
            path: 'fiatradCenter',
            handle: page('fiatradCenter'),
            lazy: async () => ({ Component: (await import('../features/c2c/FiatTradeCenterPage')).FiatTradeCenterPage }),
          },
          {
            path: 'legalTrade',
            handle: page('legalTrade'),
            lazy: async () => ({ Component: (await import('../features/c2c/LegalTradePage')).LegalTradePage }),
          },
          {
            path: 'userSetting',
            handle: page('userSetting'),
            lazy: async () => ({ Component: (await import('../features/c2c/PaymentMethodsPage')).UserSettingPage }),
          },
          {
            path: 'c2c',
            handle: page('c2c'),
            lazy: async () => ({ Component: (await import('../features/c2c/PublishPage')).PublishPage }),
          },
          {
            path: 'c2cOrder',
            handle: page('c2cOrder'),
            lazy: async () => ({ Component: (await import('../features/c2c/MyOrdersPage')).MyOrdersPage }),
          },
          {
            path: 'c2cRelease',
            handle: page('c2cRelease'),
            lazy: async () => ({ Component: (await import('../features/c2c/MyAdsPage')).MyAdsPage }),
          },
          {
            path: 'c2cTrade',
            handle: page('c2cTrade'),
            lazy: async () => ({ Component: (await import('../features/c2c/AdOrdersPage')).AdOrdersPage }),
          },
          {
            path: 'c2cDetail',
            handle: page('c2cDetail'),
            lazy: async () => ({ Component: (await import('../features/c2c/OrderDetailPage')).OrderDetailPage }),
          },
          {
            path: 'leverRecord',
            handle: page('leverRecord'),
            lazy: async () => ({ Component: (await import('../features/lever/LeverRecordPage')).LeverRecordPage }),
          },
          {
            path: 'transferRecord',
            handle: page('transferRecord'),
            lazy: async () => ({ Component: (await import('../features/assets/TransferRecordPage')).TransferRecordPage }),
          },
          {
            path: 'bindEmail',
            handle: page('bindEmail'),
            lazy: async () => ({ Component: (await import('../features/account/BindEmailPage')).BindEmailPage }),
          },
          {
            path: 'forgetsPwd',
            handle: page('forgetsPwd'),
            lazy: async () => ({
              Component: (await import('../features/account/FundPasswordResetPage')).FundPasswordResetPage,
            }),
          },
          {
            path: 'resetPwd',
            handle: page('resetPwd'),
            lazy: async () => ({ Component: (await import('../features/account/ResetPasswordPage')).ResetPasswordPage }),
          },
          {
            path: 'upstart',
            handle: page('upstart'),
            lazy: async () => ({ Component: (await import('../features/upstart/UpstartPage')).UpstartPage }),
          },
          {
            path: 'sg',
            handle: page('sg'),
            lazy: async () => ({ Component: (await import('../features/upstart/SubscribePage')).SubscribePage }),
          },
          {
            path: 'uplist',
            handle: page('uplist'),
            lazy: async () => ({ Component: (await import('../features/upstart/SubscriptionListPage')).SubscriptionListPage }),
          },
          {
            path: 'lever_manger',
            handle: page('lever_manger'),
            lazy: async () => ({ Component: (await import('../features/lever/LeverManagerPage')).LeverManagerPage }),
          },
          {
            path: 'finanrec',
            handle: page('finanrec'),
            lazy: async () => ({ Component: (await import('../features/assets/FinanceRecordDemoPage')).FinanceRecordDemoPage }),
          },
          {
            path: 'withdraw_address',
            handle: page('withdraw_address'),
            lazy: async () => ({ Component: (await import('../features/assets/WithdrawAddressPage')).WithdrawAddressPage }),
          },
          {
            path: 'setCash',
            handle: page('setCash'),
            lazy: async () => ({ Component: (await import('../features/account/SetCashPage')).SetCashPage }),
          },
          // account protection: the authenticator and the anti-phishing code
          {
            path: 'google_bind',
            handle: page('google_bind'),
            lazy: async () => ({ Component: (await import('../features/account/GoogleBindPage')).GoogleBindPage }),
          },
          {
            path: 'antiPhishing',
            handle: page('antiPhishing'),
            lazy: async () => ({ Component: (await import('../features/account/AntiPhishingPage')).AntiPhishingPage }),
          },
        ],
      },

      area('account', 'accountSet', [
        inArea('accountCenter', async () => ({
          Component: (await import('../features/assets/AccountCenterPage')).AccountCenterPage,
        })),
        inArea('accountEntrust', async () => ({
          Component: (await import('../features/account/EntrustPage')).EntrustPage,
        })),
        inArea('accountMessage', async () => ({
          Component: (await import('../features/account/MessagesPage')).MessagesPage,
        })),
        inArea('accountSet', async () => ({
          Component: (await import('../features/account/SecurityCentrePage')).SecurityCentrePage,
        })),
        inArea('sessions', async () => ({
          Component: (await import('../features/account/SessionsPage')).SessionsPage,
        })),
        inArea('recharge', async () => ({
          Component: (await import('../features/assets/RechargePage')).RechargePage,
        })),
        inArea('coinRecord', async () => ({
          Component: (await import('../features/acceptors/AcceptorDeskPage')).AcceptorDeskPage,
        })),
        inArea('rechargeMoney', async () => ({
          Component: (await import('../features/acceptors/DealFormPage')).DealFormPage,
        })),
        inArea('aceite', async () => ({
          Component: (await import('../features/acceptors/AcceptorListPage')).AcceptorListPage,
        })),
        inArea('region', async () => ({
          Component: (await import('../features/account/RegionUsersPage')).RegionUsersPage,
        })),
        // trading bots (issue 28)
        inArea('apiKeys', async () => ({
          Component: (await import('../features/account/ApiKeysPage')).ApiKeysPage,
        })),
        inArea('chargeRecord', async () => ({
          Component: (await import('../features/acceptors/MyDealsPage')).MyDealsPage,
        })),
        inArea('transferLog', async () => ({
          Component: (await import('../features/assets/AccountLogPage')).AccountLogPage,
        })),
        inArea('userSetting', async () => ({
          Component: (await import('../features/c2c/PaymentMethodsPage')).PaymentMethodsPage,
        })),
        inArea('authentication', async () => ({
          Component: (await import('../features/account/IdentityPage')).IdentityPage,
        })),
        inArea('payment', async () => ({
          Component: (await import('../features/acceptors/PaymentPage')).PaymentPage,
        })),
      ]),
      area('new_account', 'letransactions', [
        inArea('finance', async () => ({
          Component: (await import('../features/assets/LeverWalletPage')).LeverWalletPage,
        })),
        inArea('letransactions', async () => ({
          Component: (await import('../features/assets/OverviewPage')).OverviewPage,
        })),
        // `transfer` and `lever` are listed without content of their own: the transfer page and
        // the lever (contract) wallet, which are shown at transferLegal and finance.
        { path: 'transfer', element: <Redirect to="/new_account/transferLegal" /> },
        { path: 'lever', element: <Redirect to="/new_account/finance" /> },
        inArea('change', async () => ({
          Component: (await import('../features/assets/ChangeWalletPage')).ChangeWalletPage,
        })),
        inArea('legal', async () => ({
          Component: (await import('../features/assets/LegalWalletPage')).LegalWalletPage,
        })),
        // The micro account's list has no route of its own in older clients; this one is ours.
        inArea('micro', async () => ({
          Component: (await import('../features/assets/MicroWalletPage')).MicroWalletPage,
        })),
        inArea('legalAccount', async () => ({
          Component: (await import('../features/assets/WalletDetailPage')).LegalAccountPage,
        })),
        inArea('changeAccount', async () => ({
          Component: (await import('../features/assets/WalletDetailPage')).ChangeAccountPage,
        })),
        inArea('transferLegal', async () => ({
          Component: (await import('../features/assets/TransferPage')).TransferPage,
        })),
        inArea('proof', async () => ({
          Component: (await import('../features/liabilities')).ProofPage,
        })),
      ]),

      // Short names older screens link to (account menu items, the assets area).
      { path: 'letransactions', element: <Redirect to="/new_account/letransactions" /> },
      { path: 'transferLegal', element: <Redirect to="/new_account/transferLegal" /> },
      { path: 'accountSet', element: <Redirect to="/account/accountSet" /> },
      { path: 'transferLog', element: <Redirect to="/account/transferLog" /> },
      { path: 'authentication', element: <Redirect to="/account/authentication" /> },

      {
        path: '*',
        lazy: async () => ({ Component: (await import('../features/placeholder/NotFoundPage')).NotFoundPage }),
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
