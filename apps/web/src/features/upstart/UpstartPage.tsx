import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/Button';
import { Num } from '../../components/Num';
import { displayServerTime } from '../../lib/format';
import { fixed } from '../../lib/trading/decimal';
import { PRICE_DECIMALS, projectStage } from '../../lib/upstart';
import { Card, QueryState, Stat, UpstartFrame } from './common';
import { CycleSteps } from './CycleSteps';
import { IssuedPie } from './IssuedPie';
import { useUpstartInfo } from './queries';

/** `/upstart`: the token subscription project: what it is, how much is issued, its cycle, and the ways to subscribe. */
export function UpstartPage() {
  const { t } = useTranslation();
  const info = useUpstartInfo();
  if (!info.data) {
    return (
      <UpstartFrame testId="upstart-page">
        <QueryState pending={info.isPending} error={info.error} onRetry={() => void info.refetch()} />
      </UpstartFrame>
    );
  }
  const project = info.data;
  const stage = projectStage(project.step);
  return (
    <UpstartFrame testId="upstart-page">
      <section className="hero-glow rounded-2xl border border-line bg-surface px-5 py-6 sm:px-8 sm:py-8">
        <p className="text-xs font-semibold tracking-wide text-brand uppercase">{t('upstart.eyebrow')}</p>
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-semibold tracking-tight text-fg sm:text-3xl" data-testid="upstart-title">
            {project.title || t('upstart.titleOf', { token: project.c_name })}
          </h1>
          <span className="rounded-full bg-brand-soft px-2.5 py-0.5 text-[0.75rem] font-medium text-brand" data-testid="upstart-stage" data-stage={stage}>
            {t(`upstart.projectStage.${stage}`)}
          </span>
        </div>
        {project.abstract && <p className="mt-3 max-w-3xl text-sm leading-relaxed text-muted">{project.abstract}</p>}
        <div className="mt-6 flex flex-wrap gap-3">
          <ButtonLink to="/sg" size="lg" data-testid="upstart-subscribe">
            {t('upstart.subscribe')}
          </ButtonLink>
          <ButtonLink to="/uplist" size="lg" variant="secondary" data-testid="upstart-records">
            {t('upstart.records')}
          </ButtonLink>
        </div>
      </section>

      <div className="mt-5 grid gap-5 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <Card title={t('upstart.distribution')}>
          <dl className="mb-5 grid grid-cols-2 gap-4">
            <Stat label={t('upstart.plannedTotal')} testId="upstart-total">
              <Num>{fixed(project.total, 2)}</Num> <span className="text-muted">{project.c_name}</span>
            </Stat>
            <Stat label={t('upstart.remaining')} testId="upstart-remaining">
              <Num>{fixed(project.sy, 2)}</Num> <span className="text-muted">{project.c_name}</span>
            </Stat>
          </dl>
          <IssuedPie total={project.total} remaining={project.sy} token={project.c_name} />
        </Card>

        <Card title={t('upstart.hot')} testId="upstart-hot">
          <dl className="grid grid-cols-2 gap-x-4 gap-y-5">
            <Stat label={t('upstart.startTime')}>
              <Num>{displayServerTime(project.start_time2)}</Num>
            </Stat>
            <Stat label={t('upstart.endTime')}>
              <Num>{displayServerTime(project.end_time2)}</Num>
            </Stat>
            <Stat label={t('upstart.startPrice')} testId="upstart-price">
              <Num>{fixed(project.price ?? '', PRICE_DECIMALS)}</Num> <span className="text-muted">{project.buymoney || 'USDT'}</span>
            </Stat>
            <Stat label={t('upstart.plannedAmount')}>
              <Num>{fixed(project.total, 2)}</Num> <span className="text-muted">{project.c_name}</span>
            </Stat>
            <Stat label={t('upstart.frozenHours')}>
              {t('upstart.hours', { hours: Number(project.iepn_scz) || 0 })}
            </Stat>
            <Stat label={t('upstart.payWith')}>{project.buymoney || 'USDT'}</Stat>
          </dl>
        </Card>
      </div>

      <Card title={t('upstart.cycle')} className="mt-5">
        <CycleSteps step={project.step} start={project.start_time2} end={project.end_time2} />
      </Card>
    </UpstartFrame>
  );
}
