import { useMutation } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { protectionApi, type LoginHistoryItem, type SessionItem } from '../../api';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Pagination } from '../../components/Pagination';
import { Skeleton } from '../../components/Spinner';
import { showToast } from '../../components/toast-store';
import { displayServerTime } from '../../lib/format';
import { parsePage } from '../../lib/pages';
import { errorText } from '../auth';
import { GuestNotice, LoadFailed, useIsGuest } from './common';
import { useLoginHistory, useRefreshProtection, useSessions } from './protection-queries';

/**
 * `/account/sessions`: where the account is logged in (device, address, place, last use), each
 * session but this one can be ended, or all of them at once; and every login try of 90 days.
 */
export function SessionsPage() {
  const { t } = useTranslation();
  const guest = useIsGuest();
  if (guest) {
    return (
      <div className="rounded-xl border border-line bg-surface">
        <GuestNotice />
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4" data-testid="sessions-page">
      <h2 className="sr-only">{t('page.sessions')}</h2>
      <SessionList />
      <LoginHistory />
    </div>
  );
}

function SessionList() {
  const { t } = useTranslation();
  const sessions = useSessions();
  const refresh = useRefreshProtection();
  const [confirmAll, setConfirmAll] = useState(false);
  const end = useMutation({
    mutationFn: (id: number) => protectionApi.endSession(id),
    onSuccess: async () => {
      showToast(t('protection.sessionEnded'), 'success');
      await refresh();
    },
    onError: (error) => showToast(errorText(error), 'error'),
  });
  const endOthers = useMutation({
    mutationFn: () => protectionApi.endOtherSessions(),
    onSuccess: async () => {
      setConfirmAll(false);
      showToast(t('protection.othersEnded'), 'success');
      await refresh();
    },
    onError: (error) => showToast(errorText(error), 'error'),
  });
  const others = sessions.data?.filter((session) => session.current !== 1).length ?? 0;

  return (
    <section className="rounded-xl border border-line bg-surface">
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-line px-4 py-3.5 sm:px-6">
        <div>
          <h3 className="text-[0.9375rem] font-semibold text-fg">{t('protection.sessionsTitle')}</h3>
          <p className="mt-0.5 text-[0.8125rem] text-muted">{t('protection.sessionsBody')}</p>
        </div>
        <Button variant="outline" size="sm" disabled={others === 0} onClick={() => setConfirmAll(true)} data-testid="sessions-end-others">
          {t('protection.endOthers')}
        </Button>
      </div>
      {sessions.isPending ? (
        <div className="p-6" aria-busy="true">
          <Skeleton className="h-12 w-full" />
        </div>
      ) : sessions.isError ? (
        <LoadFailed onRetry={() => void sessions.refetch()} />
      ) : (
        <ul className="divide-y divide-line" data-testid="sessions-list">
          {sessions.data.map((session) => (
            <SessionRow key={session.id} session={session} busy={end.isPending && end.variables === session.id} onEnd={() => end.mutate(session.id)} />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={confirmAll}
        onOpenChange={setConfirmAll}
        title={t('protection.endOthers')}
        confirmLabel={t('protection.endOthers')}
        onConfirm={() => endOthers.mutate()}
        busy={endOthers.isPending}
        tone="down"
        testId="sessions-end-others-confirm"
      >
        {t('protection.endOthersConfirm', { sessions: others })}
      </ConfirmDialog>
    </section>
  );
}

function SessionRow({ session, busy, onEnd }: { session: SessionItem; busy: boolean; onEnd(): void }) {
  const { t } = useTranslation();
  const current = session.current === 1;
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3.5 sm:px-6" data-testid="session-row" data-session-id={session.id} data-current={current ? '1' : '0'}>
      <div className="min-w-0 flex-1 basis-56">
        <p className="flex items-center gap-2 text-sm font-medium text-fg">
          <bdi dir="ltr">{session.device || t('protection.unknownDevice')}</bdi>
          {current && <span className="rounded bg-brand-soft px-1.5 py-0.5 text-[0.6875rem] font-medium text-brand">{t('protection.thisSession')}</span>}
        </p>
        <p className="mt-0.5 text-[0.8125rem] text-muted">
          <bdi dir="ltr" className="num" data-testid="session-ip">
            {session.ip}
          </bdi>
          {' · '}
          {session.place || t('protection.unknownPlace')}
          {' · '}
          {t('protection.lastSeen', { time: displayServerTime(session.last_seen) })}
        </p>
      </div>
      {!current && (
        <Button variant="outline" size="sm" busy={busy} onClick={onEnd} data-testid="session-end">
          {t('protection.endSession')}
        </Button>
      )}
    </li>
  );
}

const RESULT_TONE: Record<LoginHistoryItem['result'], string> = {
  ok: 'text-up',
  'wrong password': 'text-down',
  'code required': 'text-warn',
  'wrong code': 'text-down',
  locked: 'text-down',
  waiting: 'text-warn',
  'api key': 'text-muted',
};

function LoginHistory() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const page = parsePage(params.get('page'));
  const history = useLoginHistory(page);
  return (
    <section className="rounded-xl border border-line bg-surface">
      <div className="border-b border-line px-4 py-3.5 sm:px-6">
        <h3 className="text-[0.9375rem] font-semibold text-fg">{t('protection.historyTitle')}</h3>
        <p className="mt-0.5 text-[0.8125rem] text-muted">{t('protection.historyBody')}</p>
      </div>
      {history.isPending ? (
        <div className="p-6" aria-busy="true">
          <Skeleton className="h-24 w-full" />
        </div>
      ) : history.isError ? (
        <LoadFailed onRetry={() => void history.refetch()} />
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-[0.8125rem]" data-testid="login-history">
            <thead className="text-start text-xs text-faint">
              <tr>
                <th className="px-4 py-2 text-start font-medium sm:px-6">{t('protection.colTime')}</th>
                <th className="px-4 py-2 text-start font-medium">{t('protection.colAddress')}</th>
                <th className="px-4 py-2 text-start font-medium">{t('protection.colDevice')}</th>
                <th className="px-4 py-2 text-start font-medium">{t('protection.colResult')}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {history.data.list.map((row, index) => (
                <tr key={`${row.time}-${index}`} data-testid="login-history-row">
                  <td className="num px-4 py-2 whitespace-nowrap text-muted sm:px-6">{displayServerTime(row.time)}</td>
                  <td className="px-4 py-2 text-muted">
                    <bdi dir="ltr" className="num">
                      {row.ip}
                    </bdi>
                    {row.place && ` · ${row.place}`}
                  </td>
                  <td className="px-4 py-2 text-muted">
                    <bdi dir="ltr">{row.device || t('protection.unknownDevice')}</bdi>
                  </td>
                  <td className={clsx('px-4 py-2 font-medium', RESULT_TONE[row.result])} data-testid="login-history-result">
                    {row.result === 'api key'
                      ? t('protection.result.apiKey', { requests: row.requests ?? 0, refused: row.refused ?? 0 })
                      : t(`protection.result.${resultKey(row.result)}`)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className="py-3">
            <Pagination page={page} pages={history.data.pages} hrefOf={(next) => `?page=${next}`} />
          </div>
        </div>
      )}
    </section>
  );
}

/** The locale key of a login result (`wrong password` → `wrongPassword`). */
function resultKey(result: Exclude<LoginHistoryItem['result'], 'api key'>) {
  return ({ ok: 'ok', 'wrong password': 'wrongPassword', 'code required': 'codeRequired', 'wrong code': 'wrongCode', locked: 'locked', waiting: 'waiting' } as const)[result];
}
