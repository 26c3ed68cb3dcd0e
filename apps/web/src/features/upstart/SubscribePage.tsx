import { useTranslation } from 'react-i18next';
import type { UpstartInfo } from '../../api';
import { Link } from 'react-router';
import { ChevronStartIcon } from '../../components/icons';
import { Num } from '../../components/Num';
import { displayServerTime, parseServerTime } from '../../lib/format';
import { RECENT_LIMIT, projectStage } from '../../lib/upstart';
import { errorText } from '../auth';
import { Card, QueryState, Stat, UpstartFrame } from './common';
import { CycleSteps } from './CycleSteps';
import { RecordsError } from './ListControls';
import { useSubscriptions, useTokenPrice, useUpstartInfo } from './queries';
import { SubscribeForm } from './SubscribeForm';
import { SubscriptionList } from './SubscriptionList';

/**
 * `/sg`: subscribing. The project's window and frozen time, the form with the price polled every
 * second, the cycle, the project's details and the caller's latest subscriptions.
 */
export function SubscribePage() {
  const { t } = useTranslation();
  const info = useUpstartInfo();
  const price = useTokenPrice();
  const recent = useSubscriptions(1, RECENT_LIMIT);
  if (!info.data) {
    return (
      <UpstartFrame testId="sg-page">
        <QueryState pending={info.isPending} error={info.error} onRetry={() => void info.refetch()} />
      </UpstartFrame>
    );
  }
  const project = info.data;
  const open = project.can_subscribe ?? projectStage(project.step) === 'subscribing';
  return (
    <UpstartFrame testId="sg-page">
      <div className="mb-4">
        <Link to="/upstart" className="inline-flex items-center gap-1 text-[0.8125rem] font-medium text-brand hover:underline">
          <ChevronStartIcon size={16} className="rtl:-scale-x-100" />
          {t('upstart.backToProject')}
        </Link>
        <h1 className="mt-1 text-2xl font-semibold tracking-tight text-fg">{t('upstart.subscribeTo', { token: project.c_name })}</h1>
      </div>
      <div className="grid gap-5 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
        <Card title={t('upstart.order')} testId="sg-order">
          <dl className="mb-4 grid grid-cols-2 gap-4">
            <Stat label={t('upstart.startTime')}>
              <Num>{displayServerTime(project.start_time2)}</Num>
            </Stat>
            <Stat label={t('upstart.endTime')}>
              <Num>{displayServerTime(project.end_time2)}</Num>
            </Stat>
            <Stat label={t('upstart.frozenHours')} testId="sg-frozen">
              {t('upstart.hours', { hours: Number(project.iepn_scz) || 0 })}
            </Stat>
          </dl>
          {!open && (
            <p role="status" className="mb-4 rounded-md border border-warn/40 bg-warn/10 px-3 py-2 text-[0.8125rem] text-fg" data-testid="sg-closed">
              {t(`upstart.closedBecause.${closedReason(project)}`)}
            </p>
          )}
          <SubscribeForm token={project.c_name} price={price.data ?? project.price} balance={project.detail?.balance ?? '0'} open={open} />
        </Card>
        <div className="grid content-start gap-5">
          <Card title={t('upstart.cycle')}>
            <CycleSteps step={project.step} start={project.start_time2} end={project.end_time2} />
          </Card>
          <Card title={t('upstart.details')}>
            {project.content ? (
              <div
                className="prose-article"
                data-testid="sg-details"
                // Trusted: the project is written by an operator through the operator API.
                dangerouslySetInnerHTML={{ __html: project.content }}
              />
            ) : (
              <p className="text-[0.8125rem] text-muted">{project.abstract}</p>
            )}
          </Card>
        </div>
      </div>
      <Card
        title={t('upstart.recent')}
        className="mt-5"
        actions={
          <Link to="/uplist" className="text-[0.8125rem] font-medium text-brand hover:underline" data-testid="sg-all-records">
            {t('upstart.allRecords')}
          </Link>
        }
      >
        {recent.isError ? (
          <RecordsError text={errorText(recent.error)} onRetry={() => void recent.refetch()} />
        ) : (
          <SubscriptionList rows={recent.data?.data ?? []} busy={recent.isPending} heightClass="max-h-[20rem]" />
        )}
      </Card>
    </UpstartFrame>
  );
}

/** Why a project takes no subscription now: its stage, or, while subscribing, its end passed or its start not reached. */
function closedReason(project: UpstartInfo): 'preheating' | 'ended' | 'announced' {
  const stage = projectStage(project.step);
  if (stage !== 'subscribing') return stage;
  const end = parseServerTime(project.end_time2);
  return end && end.getTime() <= Date.now() ? 'ended' : 'preheating';
}
