import { Link } from 'react-router';
import { useOperator } from '../../app/auth';
import { ALL_ROLES, type Section } from '../../app/section';
import { EscrowRuling, type RulingOutcome } from '../../components/EscrowRuling';
import { Panel } from '../../components/PageHeader';
import { ReviewQueue } from '../../components/ReviewQueue';

/** A sell deal whose user objected to the acceptor's "paid": the coins stay escrowed until a ruling. */
export interface AcceptorDispute extends Record<string, unknown> {
  id: number;
  create_time: string;
  user_id: number;
  user_account: string;
  acceptor_id: number;
  acceptor_name: string;
  hes_account: string;
  deal_account: string;
  mobile: string;
  way_name: string;
  currency_name: string;
  money: string;
  fee: string;
  coins: string;
  is_sure: number;
  paid_at: string | null;
  objected_at: string | null;
  ruling: string;
}

const OUTCOME_TEXT: Record<RulingOutcome, string> = { release: 'Release the coins to the acceptor', return: 'Return the coins to the user' };

/** One disputed deal: both parties, the accounts the fiat should have gone between, the amounts; a ruling takes an outcome, a note and a confirmation. */
function Dispute({ deal, onDone }: { deal: AcceptorDispute; onDone: () => void }) {
  const me = useOperator();
  // the ruling moves money: the server lets admin and finance call it
  const mayRule = me.role === 'admin' || me.role === 'finance';
  return (
    <Panel title={`Acceptor deal ${deal.id} under dispute`}>
      <dl className="mb-3 grid grid-cols-2 gap-x-6 gap-y-1 text-[0.8125rem] md:grid-cols-4">
        <dt className="text-muted">user (objected)</dt>
        <dd>
          <Link className="text-brand" to={`/users/${deal.user_id}`}>
            {deal.user_account} ({deal.user_id})
          </Link>
        </dd>
        <dt className="text-muted">acceptor</dt>
        <dd>
          <Link className="text-brand" to={`/users/${deal.acceptor_id}`}>
            {deal.acceptor_name} ({deal.acceptor_id})
          </Link>
        </dd>
        <dt className="text-muted">coins held</dt>
        <dd data-testid="acceptor-dispute-amount">
          {deal.money} {deal.currency_name}
        </dd>
        <dt className="text-muted">fee</dt>
        <dd>{deal.fee}</dd>
        <dt className="text-muted">to be paid to</dt>
        <dd>
          {deal.way_name} {deal.deal_account} (mobile {deal.mobile})
        </dd>
        <dt className="text-muted">acceptor account</dt>
        <dd>{deal.hes_account}</dd>
        <dt className="text-muted">marked paid</dt>
        <dd>{deal.paid_at ?? ''}</dd>
        <dt className="text-muted">objected</dt>
        <dd>{deal.objected_at ?? ''}</dd>
      </dl>
      <EscrowRuling
        path={`/acceptors/deals/${deal.id}/rule`}
        mayRule={mayRule && deal.is_sure === 3 && deal.ruling === ''}
        text={OUTCOME_TEXT}
        buttons={{ release: 'Release to acceptor…', return: 'Return to user…' }}
        amount={`${deal.money} ${deal.currency_name}`}
        recipient={{ release: deal.acceptor_name, return: deal.user_account }}
        onDone={onDone}
      />
    </Panel>
  );
}

function AcceptorDisputesScreen() {
  return (
    <ReviewQueue<AcceptorDispute>
      title="Acceptor disputes"
      table={{
        label: 'Disputed acceptor deals',
        path: '/acceptors/disputes',
        csvName: 'acceptor-disputes',
        columns: [
          { key: 'id', label: 'deal' },
          { key: 'objected_at', label: 'objected' },
          { key: 'user_account', label: 'user' },
          { key: 'acceptor_name', label: 'acceptor' },
          { key: 'money', label: 'coins', render: (row) => `${row.money} ${row.currency_name}` },
          { key: 'way_name', label: 'method' },
          { key: 'paid_at', label: 'marked paid' },
        ],
      }}
      review={(deal, done) => <Dispute deal={deal} onDone={done} />}
    />
  );
}

export const acceptorDisputesSection: Section = { path: 'acceptor-disputes', label: 'Acceptor disputes', roles: ALL_ROLES, Screen: AcceptorDisputesScreen, group: 'queues' };
