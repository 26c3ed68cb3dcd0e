import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError, apitip, securityApi } from '../../api';
import { UsersIcon } from '../../components/icons';
import { Pagination } from '../../components/Pagination';
import { Loading } from '../../components/Spinner';
import { StatePanel } from '../../components/StatePanel';
import { displayServerTime } from '../../lib/format';
import { parsePage } from '../../lib/pages';
import { useSession } from '../auth';
import { LoadFailed } from './common';

const NOT_AGENT = 'not a region agent, no permission';

/** `/account/region`: the users of a region agent's region, paged (`?page=`); others see a notice. */
export function RegionUsersPage() {
  const { t } = useTranslation();
  const token = useSession((state) => state.token);
  const [params] = useSearchParams();
  const page = parsePage(params.get('page'));
  const users = useQuery({
    queryKey: ['user', 'region', token, page],
    queryFn: ({ signal }) => securityApi.regionUsers(page, { signal }),
    placeholderData: keepPreviousData,
    enabled: token !== null,
  });
  const notAgent = users.error instanceof ApiError && users.error.kind === 'refusal';

  let body;
  if (users.isPending) body = <Loading label={t('common.loading')} />;
  else if (notAgent) {
    body = (
      <StatePanel
        testId="region-not-agent"
        icon={<UsersIcon size={26} />}
        title={users.error instanceof ApiError && users.error.key !== NOT_AGENT ? users.error.text : apitip(NOT_AGENT)}
        body={t('region.notAgentBody')}
      />
    );
  } else if (users.isError) body = <LoadFailed onRetry={() => void users.refetch()} />;
  else if (users.data.list.length === 0) {
    body = <StatePanel testId="region-empty" icon={<UsersIcon size={26} />} title={t('region.empty')} />;
  } else {
    body = (
      <>
        <div className="overflow-x-auto">
          <table className="w-full min-w-[32rem] text-[0.8125rem]" data-testid="region-table">
            <thead>
              <tr className="border-b border-line text-faint">
                <th scope="col" className="px-4 py-2.5 text-start font-medium sm:px-6">{t('region.city')}</th>
                <th scope="col" className="px-4 py-2.5 text-start font-medium">{t('region.district')}</th>
                <th scope="col" className="px-4 py-2.5 text-start font-medium">{t('region.phone')}</th>
                <th scope="col" className="px-4 py-2.5 text-end font-medium sm:px-6">{t('region.time')}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {users.data.list.map((user, index) => (
                <tr key={`${user.phone}-${user.time}-${index}`} data-testid="region-row" className="text-fg">
                  <td className="px-4 py-3 sm:px-6">{user.city_name || '—'}</td>
                  <td className="px-4 py-3">{user.district_name || '—'}</td>
                  <td className="num px-4 py-3">
                    <span dir="ltr">{user.phone || '—'}</span>
                  </td>
                  <td className="num px-4 py-3 text-end text-muted sm:px-6">{displayServerTime(user.time)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <div className="border-t border-line px-4 py-3">
          <Pagination page={users.data.page} pages={users.data.pages} hrefOf={(n) => `/account/region?page=${n}`} />
        </div>
      </>
    );
  }

  return (
    <div className="rounded-xl border border-line bg-surface" data-testid="region-page">
      <header className="flex flex-wrap items-baseline justify-between gap-2 border-b border-line px-4 py-4 sm:px-6">
        <div>
          <h2 className="text-lg font-semibold text-fg">{t('page.region')}</h2>
          <p className="mt-0.5 text-[0.8125rem] text-muted">{t('region.subtitle')}</p>
        </div>
        {users.data && users.data.total > 0 && (
          <p className="text-[0.8125rem] text-muted">{t('region.total', { count: users.data.total })}</p>
        )}
      </header>
      {body}
    </div>
  );
}
