import type { CoreKind } from '../kind';
import { AcceptorDealBook, type AcceptorDealCommand } from './book';
import { ACCEPTOR_DEAL_ORPHANS, ACCEPTOR_DEAL_RECOMPUTED, ACCEPTOR_DEALS } from './repository';

/** Acceptor deals: coins for fiat paid outside the platform, escrowed until confirmed or rejected. */
export const acceptorsKind: CoreKind<AcceptorDealCommand, AcceptorDealBook> = {
  name: 'acceptors',
  commandKinds: ['acceptor_deal_open', 'acceptor_deal_decide', 'acceptor_deal_receive', 'acceptor_deal_object', 'acceptor_deal_rule'],
  tables: [ACCEPTOR_DEALS],
  orphanChecks: [ACCEPTOR_DEAL_ORPHANS],
  // the audit also recomputes every deal's fee from its money and rate
  recomputeChecks: [ACCEPTOR_DEAL_RECOMPUTED],
  create: () => new AcceptorDealBook(),
};
