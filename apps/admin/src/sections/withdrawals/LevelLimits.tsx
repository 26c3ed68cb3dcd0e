import { useEffect, useState } from 'react';
import { Button } from '@web/components/Button';
import { api, useAction, useApi } from '../../api';
import { useOperator } from '../../app/auth';
import { ErrorLine } from '../../components/ErrorLine';
import { Panel } from '../../components/PageHeader';

interface Limits {
  unverified: string;
  verified: string;
}

const AMOUNT = /^\d{1,20}(\.\d{1,18})?$/;

/**
 * The daily withdrawal limit of each identity level, in USDT value across currencies (0: none).
 * Everyone reads them; an admin sets them (logged). The core checks them at every application.
 */
export function LevelLimits() {
  const me = useOperator();
  const { data, error, reload } = useApi<Limits>('/settings/withdrawal-limits');
  const action = useAction();
  const [draft, setDraft] = useState<Limits>({ unverified: '', verified: '' });
  useEffect(() => {
    if (data) setDraft(data);
  }, [data]);
  const admin = me.role === 'admin';
  const valid = AMOUNT.test(draft.unverified) && AMOUNT.test(draft.verified);
  const save = () => void action.run(() => api('PUT', '/settings/withdrawal-limits', draft)).then((done) => done && reload());
  return (
    <Panel title="Daily withdrawal limits by identity level (USDT value, 0: none)">
      <div className="flex flex-wrap items-center gap-2 text-[0.8125rem]" data-testid="level-limits">
        {(['unverified', 'verified'] as const).map((level) => (
          <label key={level} className="flex items-center gap-2">
            <span className="text-muted">{level}</span>
            <input
              aria-label={`Limit of ${level} users`}
              className="bo-input w-40"
              disabled={!admin}
              value={draft[level]}
              onChange={(event) => setDraft((current) => ({ ...current, [level]: event.target.value.trim() }))}
            />
          </label>
        ))}
        {admin && (
          <Button size="sm" busy={action.busy} disabled={!valid} onClick={save}>
            Save limits
          </Button>
        )}
      </div>
      <ErrorLine error={error ?? action.error} />
    </Panel>
  );
}
