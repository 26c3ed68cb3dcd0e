import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Pagination } from '../../components/Pagination';
import { parsePage } from '../../lib/pages';
import { errorText } from '../auth';
import { AssetsCard, InlineError } from './common';
import { useAccountLog, useWalletLive } from './queries';
import { LogList } from './RecordLists';

/** `/account/transferLog`: the account log (`account/list`), every wallet's entries, 20 a page. */
export function AccountLogPage() {
  const { t } = useTranslation();
  useWalletLive();
  const [params] = useSearchParams();
  const page = parsePage(params.get('page'));
  const log = useAccountLog(page);
  return (
    <AssetsCard
      title={t('page.transferLog')}
      subtitle={log.data && log.data.total > 0 ? t('assets.entries', { count: log.data.total }) : t('assets.accountLogSubtitle')}
      testId="account-log"
    >
      {log.isError ? (
        <InlineError text={errorText(log.error)} onRetry={() => void log.refetch()} />
      ) : (
        <LogList rows={log.data?.list ?? []} busy={log.isPending} showWallet />
      )}
      {log.data && log.data.pages > 1 && (
        <div className="border-t border-line px-4 py-3">
          <Pagination page={log.data.page} pages={log.data.pages} hrefOf={(n) => `/account/transferLog?page=${n}`} />
        </div>
      )}
    </AssetsCard>
  );
}
