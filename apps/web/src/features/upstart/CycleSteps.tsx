import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';
import { CheckIcon } from '../../components/icons';
import { Num } from '../../components/Num';
import { displayServerTime } from '../../lib/format';
import { CYCLE_STAGES, reachedStages } from '../../lib/upstart';

/** The subscription cycle in four steps (preheat, start, end, results), the reached ones highlighted. */
export function CycleSteps({ step, start, end }: { step: number | string; start: string; end: string }) {
  const { t } = useTranslation();
  const reached = reachedStages(step);
  const times: Partial<Record<(typeof CYCLE_STAGES)[number], string>> = { start, end };
  return (
    <ol className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="cycle-steps" aria-label={t('upstart.cycle')}>
      {CYCLE_STAGES.map((stage, index) => {
        const done = reached[stage];
        const time = times[stage];
        return (
          <li
            key={stage}
            data-testid={`cycle-${stage}`}
            data-reached={done}
            className={clsx('relative rounded-lg border px-3 py-3', done ? 'border-brand/50 bg-brand-soft' : 'border-line bg-sunken')}
          >
            <div className="flex items-center gap-2">
              <span
                className={clsx(
                  'grid size-6 shrink-0 place-items-center rounded-full text-[0.75rem] font-semibold',
                  done ? 'bg-brand text-brand-fg' : 'bg-raised text-muted',
                )}
              >
                {done ? <CheckIcon size={14} /> : <Num>{index + 1}</Num>}
              </span>
              <span className={clsx('text-[0.8125rem] font-medium', done ? 'text-fg' : 'text-muted')}>{t(`upstart.stage.${stage}`)}</span>
            </div>
            {time && (
              <p className="mt-1.5 text-[0.75rem] text-faint">
                <Num>{displayServerTime(time)}</Num>
              </p>
            )}
          </li>
        );
      })}
    </ol>
  );
}
