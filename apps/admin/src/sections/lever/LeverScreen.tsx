import { useState } from 'react';
import { Button } from '@web/components/Button';
import { api, useAction, useApi } from '../../api';
import { useOperator } from '../../app/auth';
import { ALL_ROLES, type Section } from '../../app/section';
import { ErrorLine } from '../../components/ErrorLine';
import { PageHeader, Panel } from '../../components/PageHeader';

interface LeverPair {
  pair_id: number;
  symbol: string;
  enabled: boolean;
  multiples: number[];
  shares: number[];
  hands_min: number;
  hands_max: number;
  share_num: string;
  spread: string;
  fee: string;
  overnight_rate: string;
  max_positions: number;
  max_pending: number;
}

interface LeverSettings {
  liquidation_rate: string;
  overnight_time: string;
  pairs: LeverPair[];
}

const numbers = (text: string) =>
  text
    .split(',')
    .map((value) => value.trim())
    .filter((value) => value !== '')
    .map(Number);

/** The liquidation rate (percent of the margin, above 100) and the daily overnight-fee time. */
function GlobalForm({ settings, editable, onSaved }: { settings: LeverSettings; editable: boolean; onSaved: () => void }) {
  const [rate, setRate] = useState(settings.liquidation_rate);
  const [time, setTime] = useState(settings.overnight_time);
  const action = useAction();
  const save = () => void action.run(() => api('PUT', '/lever/settings', { liquidation_rate: rate.trim(), overnight_time: time.trim() })).then((done) => done && onSaved());
  return (
    <Panel title="Every pair">
      <form
        className="flex flex-wrap items-end gap-3 text-[0.8125rem]"
        onSubmit={(event) => {
          event.preventDefault();
          if (editable) save();
        }}
      >
        <label className="flex flex-col gap-1">
          Liquidation at risk rate (%)
          <input className="bo-input w-32" aria-label="Liquidation rate" disabled={!editable} value={rate} onChange={(event) => setRate(event.target.value)} />
        </label>
        <label className="flex flex-col gap-1">
          Overnight fee time (HH:MM, Asia/Shanghai)
          <input className="bo-input w-24" aria-label="Overnight time" disabled={!editable} value={time} onChange={(event) => setTime(event.target.value)} />
        </label>
        {editable && (
          <Button size="sm" type="submit" busy={action.busy}>
            Save
          </Button>
        )}
        <ErrorLine error={action.error} />
      </form>
    </Panel>
  );
}

type PairDraft = Omit<LeverPair, 'multiples' | 'shares' | 'hands_min' | 'hands_max' | 'max_positions' | 'max_pending'> & {
  multiples: string;
  shares: string;
  hands_min: string;
  hands_max: string;
  max_positions: string;
  max_pending: string;
};

const draftOf = (pair: LeverPair): PairDraft => ({
  ...pair,
  multiples: pair.multiples.join(', '),
  shares: pair.shares.join(', '),
  hands_min: String(pair.hands_min),
  hands_max: String(pair.hands_max),
  max_positions: String(pair.max_positions),
  max_pending: String(pair.max_pending),
});

const PAIR_FIELDS: { key: keyof PairDraft; label: string; width: string }[] = [
  { key: 'multiples', label: 'multiples', width: 'w-32' },
  { key: 'shares', label: 'quick hands', width: 'w-32' },
  { key: 'hands_min', label: 'hands min', width: 'w-16' },
  { key: 'hands_max', label: 'hands max (0 none)', width: 'w-16' },
  { key: 'share_num', label: 'contract size', width: 'w-24' },
  { key: 'spread', label: 'spread', width: 'w-24' },
  { key: 'fee', label: 'fee %', width: 'w-20' },
  { key: 'overnight_rate', label: 'overnight %', width: 'w-20' },
  { key: 'max_positions', label: 'max positions', width: 'w-16' },
  { key: 'max_pending', label: 'max pending', width: 'w-16' },
];

function PairRow({ pair, editable, onSaved }: { pair: LeverPair; editable: boolean; onSaved: () => void }) {
  const [draft, setDraft] = useState(() => draftOf(pair));
  const action = useAction();
  const changed = JSON.stringify(draft) !== JSON.stringify(draftOf(pair));
  const save = () =>
    void action
      .run(() =>
        api('PUT', `/lever/pairs/${pair.pair_id}`, {
          enabled: draft.enabled,
          multiples: numbers(draft.multiples),
          shares: numbers(draft.shares),
          hands_min: Number(draft.hands_min),
          hands_max: Number(draft.hands_max),
          share_num: draft.share_num.trim(),
          spread: draft.spread.trim(),
          fee: draft.fee.trim(),
          overnight_rate: draft.overnight_rate.trim(),
          max_positions: Number(draft.max_positions),
          max_pending: Number(draft.max_pending),
        }),
      )
      .then((done) => done && onSaved());
  return (
    <tr>
      <td>{pair.symbol}</td>
      <td>
        <input type="checkbox" aria-label={`${pair.symbol} open for leverage`} disabled={!editable} checked={draft.enabled} onChange={(event) => setDraft({ ...draft, enabled: event.target.checked })} />
      </td>
      {PAIR_FIELDS.map((field) => (
        <td key={field.key}>
          <input
            className={`bo-input ${field.width}`}
            aria-label={`${pair.symbol} ${field.label}`}
            disabled={!editable}
            value={String(draft[field.key])}
            onChange={(event) => setDraft({ ...draft, [field.key]: event.target.value })}
          />
        </td>
      ))}
      <td>
        {editable && (
          <Button size="sm" disabled={!changed} busy={action.busy} onClick={save}>
            Save
          </Button>
        )}
        <ErrorLine error={action.error} />
      </td>
    </tr>
  );
}

function LeverScreen() {
  const { data, error, reload } = useApi<LeverSettings>('/lever/settings');
  const editable = useOperator().role === 'admin';
  return (
    <div className="flex flex-col gap-4">
      <PageHeader title="Leverage" />
      <p className="text-[0.8125rem] text-muted">
        Each change is a core command and acts at once on orders placed afterwards; held positions keep the contract size, spread and fee they opened with. Multiples and quick hands are comma separated.
      </p>
      <ErrorLine error={error} />
      {data && <GlobalForm key={`${data.liquidation_rate}-${data.overnight_time}`} settings={data} editable={editable} onSaved={reload} />}
      <div className="overflow-x-auto rounded-md border border-line bg-surface">
        <table className="bo-table" aria-label="Lever pairs">
          <thead>
            <tr>
              <th>pair</th>
              <th>open</th>
              {PAIR_FIELDS.map((field) => (
                <th key={field.key}>{field.label}</th>
              ))}
              <th />
            </tr>
          </thead>
          <tbody>
            {data?.pairs.map((pair) => (
              <PairRow key={`${pair.pair_id}-${JSON.stringify(pair)}`} pair={pair} editable={editable} onSaved={reload} />
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

export const leverSection: Section = { path: 'leverage', label: 'Leverage', roles: ALL_ROLES, Screen: LeverScreen, group: 'manage' };
