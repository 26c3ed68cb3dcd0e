import { useEffect, useState } from 'react';
import { Button } from '@web/components/Button';
import { api, useAction, useApi } from '../../api';
import { useOperator } from '../../app/auth';
import { ErrorLine } from '../../components/ErrorLine';

/** The c2c appeal window: minutes after "paid" before either side may appeal; an admin changes it. */
export function AppealWindow() {
  const { data, reload } = useApi<{ appeal_minutes: number }>('/settings/c2c');
  const [minutes, setMinutes] = useState('');
  const action = useAction();
  const editable = useOperator().role === 'admin';
  useEffect(() => {
    if (data) setMinutes(String(data.appeal_minutes));
  }, [data]);
  const valid = /^\d{1,5}$/.test(minutes) && Number(minutes) <= 10_080;
  const save = () => void action.run(() => api('PUT', '/settings/c2c', { appeal_minutes: Number(minutes) })).then((done) => done && reload());
  return (
    <form
      className="flex items-center gap-2 text-[0.8125rem] text-muted"
      onSubmit={(event) => {
        event.preventDefault();
        if (valid && editable) save();
      }}
    >
      <label htmlFor="appeal-minutes">Appeal window (minutes after paid)</label>
      <input id="appeal-minutes" className="bo-input w-20" disabled={!editable} value={minutes} onChange={(event) => setMinutes(event.target.value.trim())} />
      {editable && (
        <Button size="sm" type="submit" disabled={!valid || minutes === String(data?.appeal_minutes)} busy={action.busy}>
          Save
        </Button>
      )}
      <ErrorLine error={action.error} />
    </form>
  );
}
