import { useState } from 'react';
import { Button } from '@web/components/Button';
import { api, useAction, useApi } from '../../api';
import { useOperator } from '../../app/auth';
import { ALL_ROLES, type Section } from '../../app/section';
import { ErrorLine } from '../../components/ErrorLine';
import { PageHeader } from '../../components/PageHeader';

interface Pair {
  id: number;
  pair: string;
  price_precision: number;
  quantity_precision: number;
  maker_fee: string;
  taker_fee: string;
  is_display: boolean;
  market_maker: boolean;
  market_maker_running: boolean;
}

function PairRow({ pair, editable, onSaved }: { pair: Pair; editable: boolean; onSaved: () => void }) {
  const [draft, setDraft] = useState(pair);
  const action = useAction();
  const changed = JSON.stringify(draft) !== JSON.stringify(pair);
  const save = (change: Partial<Pair>) =>
    void action.run(() => api('PUT', `/markets/pairs/${pair.id}`, change)).then((done) => done && onSaved());
  return (
    <tr>
      <td>{pair.pair}</td>
      <td>
        <input type="checkbox" aria-label={`${pair.pair} enabled`} disabled={!editable} checked={draft.is_display} onChange={(event) => setDraft({ ...draft, is_display: event.target.checked })} />
      </td>
      <td>
        <input aria-label={`${pair.pair} price precision`} className="bo-input w-16" disabled={!editable} value={draft.price_precision} onChange={(event) => setDraft({ ...draft, price_precision: Number(event.target.value) })} />
      </td>
      <td>
        <input aria-label={`${pair.pair} quantity precision`} className="bo-input w-16" disabled={!editable} value={draft.quantity_precision} onChange={(event) => setDraft({ ...draft, quantity_precision: Number(event.target.value) })} />
      </td>
      <td>
        <input aria-label={`${pair.pair} maker fee`} className="bo-input w-24" disabled={!editable} value={draft.maker_fee} onChange={(event) => setDraft({ ...draft, maker_fee: event.target.value })} />
      </td>
      <td>
        <input aria-label={`${pair.pair} taker fee`} className="bo-input w-24" disabled={!editable} value={draft.taker_fee} onChange={(event) => setDraft({ ...draft, taker_fee: event.target.value })} />
      </td>
      <td>
        {editable ? (
          <Button size="sm" variant={pair.market_maker ? 'secondary' : 'outline'} onClick={() => save({ market_maker: !pair.market_maker })}>
            {pair.market_maker ? 'on: switch off' : 'off: switch on'}
          </Button>
        ) : pair.market_maker ? (
          'on'
        ) : (
          'off'
        )}
      </td>
      <td>
        {editable && (
          <Button
            size="sm"
            disabled={!changed}
            busy={action.busy}
            onClick={() =>
              save({
                is_display: draft.is_display,
                price_precision: draft.price_precision,
                quantity_precision: draft.quantity_precision,
                maker_fee: draft.maker_fee,
                taker_fee: draft.taker_fee,
              })
            }
          >
            Save
          </Button>
        )}
        <ErrorLine error={action.error} />
      </td>
    </tr>
  );
}

function MarketsScreen() {
  const { data, error, reload } = useApi<{ list: Pair[] }>('/markets/pairs');
  const editable = useOperator().role === 'admin';
  return (
    <div className="flex flex-col gap-4">
      <PageHeader title="Markets" />
      <p className="text-[0.8125rem] text-muted">
        Every change acts at once: the next order and trade follow it. Precision changes only while the pair’s book holds no order (switch its market makers off first). A pair not enabled is hidden and takes no new orders; resting orders stay until their owners cancel them.
      </p>
      <ErrorLine error={error} />
      <div className="overflow-x-auto rounded-md border border-line bg-surface">
        <table className="bo-table" aria-label="Pairs">
          <thead>
            <tr>
              <th>pair</th>
              <th>enabled</th>
              <th>price decimals</th>
              <th>quantity decimals</th>
              <th>maker fee</th>
              <th>taker fee</th>
              <th>market makers</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {data?.list.map((pair) => (
              <PairRow key={`${pair.id}-${JSON.stringify(pair)}`} pair={pair} editable={editable} onSaved={reload} />
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

export const marketsSection: Section = { path: 'markets', label: 'Markets', roles: ALL_ROLES, Screen: MarketsScreen, group: 'manage' };
