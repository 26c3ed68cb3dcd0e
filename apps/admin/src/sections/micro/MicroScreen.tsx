import { useState } from 'react';
import { Button } from '@web/components/Button';
import { api, useAction, useApi } from '../../api';
import { useOperator } from '../../app/auth';
import { ALL_ROLES, type Section } from '../../app/section';
import { ErrorLine } from '../../components/ErrorLine';
import { PageHeader, Panel } from '../../components/PageHeader';

interface MicroSettings {
  seconds: { seconds: number; profit_ratio: string }[];
  stake_multiple: string;
  min_stake: string;
  max_stake: string;
  fee_percent: string;
  quick_numbers: string[];
  currencies: number[];
  pairs: { id: number; symbol: string; open_microtrade: boolean }[];
}

type Terms = Omit<MicroSettings, 'pairs'>;

/** Decimal text lists as the operator types them: "10, 50, 100". */
const listText = (values: readonly (string | number)[]) => values.join(', ');
const parseList = (text: string) =>
  text
    .split(',')
    .map((value) => value.trim())
    .filter((value) => value !== '');

/** The terms of contracts still to be opened: durations and what a win pays, stakes, the fee. */
function TermsForm({ terms, editable, onSaved }: { terms: Terms; editable: boolean; onSaved: () => void }) {
  const [draft, setDraft] = useState({ ...terms, quick: listText(terms.quick_numbers), currencyIds: listText(terms.currencies) });
  const action = useAction();
  const setSeconds = (index: number, change: Partial<Terms['seconds'][number]>) =>
    setDraft({ ...draft, seconds: draft.seconds.map((row, at) => (at === index ? { ...row, ...change } : row)) });
  const save = () =>
    void action
      .run(() =>
        api('PUT', '/micro/settings', {
          seconds: draft.seconds,
          stake_multiple: draft.stake_multiple,
          min_stake: draft.min_stake,
          max_stake: draft.max_stake,
          fee_percent: draft.fee_percent,
          quick_numbers: parseList(draft.quick),
          currencies: parseList(draft.currencyIds).map(Number),
        }),
      )
      .then((done) => done && onSaved());
  const field = (key: 'stake_multiple' | 'min_stake' | 'max_stake' | 'fee_percent' | 'quick' | 'currencyIds', label: string) => (
    <label className="flex flex-col gap-1">
      {label}
      <input className="bo-input" aria-label={label} disabled={!editable} value={draft[key]} onChange={(event) => setDraft({ ...draft, [key]: event.target.value })} />
    </label>
  );
  return (
    <Panel title="Terms of new contracts">
      <form
        className="flex flex-col gap-3 text-[0.8125rem]"
        onSubmit={(event) => {
          event.preventDefault();
          if (editable) save();
        }}
      >
        <table className="bo-table w-auto" aria-label="Durations">
          <thead>
            <tr>
              <th>seconds</th>
              <th>profit ratio % of the stake</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {draft.seconds.map((row, index) => (
              <tr key={index}>
                <td>
                  <input className="bo-input w-24" aria-label={`Duration ${index + 1} seconds`} disabled={!editable} value={row.seconds} onChange={(event) => setSeconds(index, { seconds: Number(event.target.value.replace(/\D/g, '')) })} />
                </td>
                <td>
                  <input className="bo-input w-24" aria-label={`Duration ${index + 1} profit ratio`} disabled={!editable} value={row.profit_ratio} onChange={(event) => setSeconds(index, { profit_ratio: event.target.value.trim() })} />
                </td>
                <td>
                  {editable && draft.seconds.length > 1 && (
                    <Button size="sm" variant="ghost" onClick={() => setDraft({ ...draft, seconds: draft.seconds.filter((_row, at) => at !== index) })}>
                      Remove
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {editable && (
          <Button size="sm" variant="outline" className="self-start" onClick={() => setDraft({ ...draft, seconds: [...draft.seconds, { seconds: 60, profit_ratio: '80' }] })}>
            Add a duration
          </Button>
        )}
        <div className="grid grid-cols-1 gap-2 md:grid-cols-3">
          {field('stake_multiple', 'Stakes are multiples of')}
          {field('min_stake', 'Minimum stake')}
          {field('max_stake', 'Maximum stake')}
          {field('fee_percent', 'Fee % of the stake')}
          {field('quick', 'Quick stakes (comma separated)')}
          {field('currencyIds', 'Stake currency ids (comma separated)')}
        </div>
        {editable && (
          <Button size="sm" type="submit" className="self-start" busy={action.busy}>
            Save terms
          </Button>
        )}
        <ErrorLine error={action.error} />
      </form>
    </Panel>
  );
}

function PairSwitch({ pair, editable, onSaved }: { pair: MicroSettings['pairs'][number]; editable: boolean; onSaved: () => void }) {
  const action = useAction();
  const toggle = () => void action.run(() => api('PUT', `/micro/pairs/${pair.id}`, { open_microtrade: !pair.open_microtrade })).then((done) => done && onSaved());
  return (
    <tr>
      <td>{pair.symbol}</td>
      <td>
        {editable ? (
          <Button size="sm" variant={pair.open_microtrade ? 'secondary' : 'outline'} busy={action.busy} onClick={toggle}>
            {pair.open_microtrade ? 'open: close it' : 'closed: open it'}
          </Button>
        ) : pair.open_microtrade ? (
          'open'
        ) : (
          'closed'
        )}
        <ErrorLine error={action.error} />
      </td>
    </tr>
  );
}

function MicroScreen() {
  const { data, error, reload } = useApi<MicroSettings>('/micro/settings');
  const editable = useOperator().role === 'admin';
  return (
    <div className="flex flex-col gap-4">
      <PageHeader title="Second contracts" />
      <p className="text-[0.8125rem] text-muted">Changes shape contracts opened afterwards; running contracts settle on the terms they were opened with.</p>
      <ErrorLine error={error} />
      {data && <TermsForm key={JSON.stringify(data)} terms={data} editable={editable} onSaved={reload} />}
      <Panel title="Pairs open for second contracts">
        <table className="bo-table w-auto" aria-label="Second-contract pairs">
          <tbody>
            {data?.pairs.map((pair) => (
              <PairSwitch key={`${pair.id}-${String(pair.open_microtrade)}`} pair={pair} editable={editable} onSaved={reload} />
            ))}
          </tbody>
        </table>
      </Panel>
    </div>
  );
}

export const microSection: Section = { path: 'second-contracts', label: 'Second contracts', roles: ALL_ROLES, Screen: MicroScreen, group: 'manage' };
