import type { Section } from './section';
import { accountSection } from '../sections/account/AccountScreen';
import { acceptorDisputesSection } from '../sections/acceptor-disputes/AcceptorDisputesScreen';
import { acceptorsSection } from '../sections/acceptors/AcceptorsScreen';
import { adjustmentsSection } from '../sections/adjustments/AdjustmentsScreen';
import { c2cSection } from '../sections/c2c/C2cScreen';
import { contentSection } from '../sections/content/ContentScreen';
import { dashboardSection } from '../sections/dashboard/DashboardScreen';
import { depositsSection } from '../sections/deposits/DepositsScreen';
import { disputesSection } from '../sections/disputes/DisputesScreen';
import { identitySection } from '../sections/identity/IdentityScreen';
import { leverSection } from '../sections/lever/LeverScreen';
import { liabilitiesSection } from '../sections/liabilities/LiabilitiesScreen';
import { logSection } from '../sections/log/LogScreen';
import { marketsSection } from '../sections/markets/MarketsScreen';
import { microSection } from '../sections/micro/MicroScreen';
import { operatorsSection } from '../sections/operators/OperatorsScreen';
import { riskSection } from '../sections/risk/RiskScreen';
import { upstartSection } from '../sections/upstart/UpstartScreen';
import { usersSection } from '../sections/users/UsersScreen';
import { withdrawalsSection } from '../sections/withdrawals/WithdrawalsScreen';

/**
 * The menu and routes of the back office, in menu order within each group. A new product adds
 * its folder under `sections/` and one line here (leverage, second contracts, c2c, acceptors…).
 */
export const SECTIONS: readonly Section[] = [
  dashboardSection,
  identitySection,
  depositsSection,
  withdrawalsSection,
  disputesSection,
  acceptorDisputesSection,
  adjustmentsSection,
  usersSection,
  contentSection,
  marketsSection,
  leverSection,
  riskSection,
  liabilitiesSection,
  microSection,
  c2cSection,
  acceptorsSection,
  upstartSection,
  operatorsSection,
  logSection,
  accountSection,
];
