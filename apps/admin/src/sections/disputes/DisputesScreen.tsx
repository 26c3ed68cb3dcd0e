import { Link } from 'react-router';
import { useOperator } from '../../app/auth';
import { ALL_ROLES, type Section } from '../../app/section';
import { ReviewQueue } from '../../components/ReviewQueue';
import { EscrowRuling, type RulingOutcome } from '../../components/EscrowRuling';
import { Panel } from '../../components/PageHeader';
import { AppealWindow } from './AppealWindow';

export interface C2cOrder extends Record<string, unknown> {
  id: number;
  ad_id: number;
  type: 'buy' | 'sell';
  buyer_id: number;
  seller_id: number;
  buyer_account: string;
  seller_account: string;
  currency_name: string;
  number: string;
  price: string;
  deal_money: string;
  is_sure: number;
  paid_at: string | null;
  appeal_by: number | null;
  appeal_message: string;
  appeal_image: string;
  appealed_at: string | null;
  resolution: string;
  cancel_reason: string;
  ways: string;
  created_at: string;
}

const OUTCOME_TEXT: Record<RulingOutcome, string> = { release: 'Release the coins to the buyer', return: 'Return the coins to the seller' };

function Party({ label, id, account, appellant }: { label: string; id: number; account: string; appellant: boolean }) {
  return (
    <>
      <dt className="text-muted">{label}</dt>
      <dd>
        <Link className="text-brand" to={`/users/${id}`}>
          {account} ({id})
        </Link>
        {appellant && <strong className="ms-2">appealed</strong>}
      </dd>
    </>
  );
}

/** One appealed order: both parties, the amounts, the appeal and its proof; a ruling takes an outcome, a note and a confirmation. */
function Dispute({ order, onDone }: { order: C2cOrder; onDone: () => void }) {
  const me = useOperator();
  const mayRule = me.role === 'admin' || me.role === 'finance';
  return (
    <Panel title={`Order ${order.id} under appeal`}>
      <dl className="mb-3 grid grid-cols-2 gap-x-6 gap-y-1 text-[0.8125rem] md:grid-cols-4">
        <Party label="buyer" id={order.buyer_id} account={order.buyer_account} appellant={order.appeal_by === order.buyer_id} />
        <Party label="seller" id={order.seller_id} account={order.seller_account} appellant={order.appeal_by === order.seller_id} />
        <dt className="text-muted">coins</dt>
        <dd data-testid="dispute-amount">
          {order.number} {order.currency_name}
        </dd>
        <dt className="text-muted">money</dt>
        <dd>
          {order.deal_money} CNY at {order.price} ({order.ways})
        </dd>
        <dt className="text-muted">paid</dt>
        <dd>{order.paid_at ?? ''}</dd>
        <dt className="text-muted">appealed</dt>
        <dd>{order.appealed_at ?? ''}</dd>
      </dl>
      <h3 className="mb-1 text-[0.8125rem] font-semibold">Appeal</h3>
      <p className="mb-3 text-[0.875rem] whitespace-pre-wrap" data-testid="appeal-message">
        {order.appeal_message}
      </p>
      {order.appeal_image && (
        <a href={order.appeal_image} target="_blank" rel="noreferrer" className="mb-4 block">
          <img src={order.appeal_image} alt={`Proof of order ${order.id}`} className="h-[28rem] w-full max-w-3xl rounded border border-line bg-sunken object-contain" />
        </a>
      )}
      <EscrowRuling
        path={`/c2c/orders/${order.id}/resolve`}
        mayRule={mayRule && order.is_sure === 3 && order.resolution === ''}
        text={OUTCOME_TEXT}
        buttons={{ release: 'Release to buyer…', return: 'Return to seller…' }}
        amount={`${order.number} ${order.currency_name}`}
        recipient={{ release: order.buyer_account, return: order.seller_account }}
        onDone={onDone}
      />
    </Panel>
  );
}

function DisputesScreen() {
  return (
    <ReviewQueue<C2cOrder>
      title="C2C disputes"
      controls={<AppealWindow />}
      table={{
        label: 'Appealed orders',
        path: '/c2c/orders',
        filters: { state: 'appealed' },
        csvName: 'c2c-disputes',
        columns: [
          { key: 'id', label: 'order' },
          { key: 'appealed_at', label: 'appealed' },
          { key: 'buyer_account', label: 'buyer' },
          { key: 'seller_account', label: 'seller' },
          { key: 'number', label: 'coins', render: (row) => `${row.number} ${row.currency_name}` },
          { key: 'deal_money', label: 'CNY' },
          { key: 'appeal_by', label: 'by', render: (row) => (row.appeal_by === row.buyer_id ? 'buyer' : 'seller') },
        ],
      }}
      review={(order, done) => <Dispute order={order} onDone={done} />}
    />
  );
}

export const disputesSection: Section = { path: 'disputes', label: 'C2C disputes', roles: ALL_ROLES, Screen: DisputesScreen, group: 'queues' };
