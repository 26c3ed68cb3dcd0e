import { useTranslation } from 'react-i18next';
import type { Acceptor } from '../../api';
import { ButtonLink } from '../../components/Button';
import { UsersIcon } from '../../components/icons';
import { Num } from '../../components/Num';
import { Loading } from '../../components/Spinner';
import { StatePanel } from '../../components/StatePanel';
import { fixed, isPositive } from '../../lib/trading/decimal';
import { DEAL_DECIMALS } from '../../lib/acceptors';
import { errorText } from '../auth';
import { AcceptorCard, ListError, WayChip } from './common';
import { useAcceptors, useIsAcceptor } from './queries';

/**
 * `/account/aceite`: the acceptors, each with the methods they take, their coins, limits and rates,
 * and the ways to deposit or withdraw with them; an acceptor also finds the way to their own deals.
 */
export function AcceptorListPage() {
  const { t } = useTranslation();
  const list = useAcceptors();
  const isAcceptor = useIsAcceptor();
  return (
    <AcceptorCard
      title={t('page.aceite')}
      subtitle={t('acceptors.listSubtitle')}
      testId="acceptor-list-page"
      actions={
        <ButtonLink to="/account/chargeRecord" size="sm" variant="secondary" data-testid="acceptor-my-deals">
          {t('acceptors.myDeals')}
        </ButtonLink>
      }
    >
      {isAcceptor && (
        <div className="flex flex-wrap items-center justify-between gap-3 border-b border-line bg-brand-soft px-4 py-3 sm:px-6" data-testid="acceptor-self">
          <p className="text-[0.8125rem] text-fg">{t('acceptors.youAreAcceptor')}</p>
          <ButtonLink to="/account/coinRecord" size="sm" data-testid="acceptor-desk-link">
            {t('acceptors.handleDeals')}
          </ButtonLink>
        </div>
      )}
      {list.isPending ? (
        <Loading label={t('common.loading')} className="py-12" />
      ) : list.isError ? (
        <ListError text={errorText(list.error)} onRetry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <StatePanel testId="acceptors-empty" icon={<UsersIcon size={26} />} title={t('acceptors.none')} body={t('acceptors.noneBody')} />
      ) : (
        <ul className="grid gap-4 p-4 sm:p-6 xl:grid-cols-2">
          {list.data.map((acceptor) => (
            <AcceptorItem key={acceptor.id} acceptor={acceptor} />
          ))}
        </ul>
      )}
    </AcceptorCard>
  );
}

function AcceptorItem({ acceptor }: { acceptor: Acceptor }) {
  const { t } = useTranslation();
  const coin = acceptor.currency_name;
  const limit = (value: string) => (isPositive(value) ? <><Num>{fixed(value, 2)}</Num> {coin}</> : t('acceptors.noLimit'));
  return (
    <li className="rounded-lg border border-line bg-sunken p-4" data-testid="acceptor-item" data-id={acceptor.id} data-name={acceptor.name}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex items-center gap-2.5">
          <span className="grid size-9 place-items-center rounded-full bg-brand-soft text-sm font-semibold text-brand">{acceptor.name.slice(0, 1).toUpperCase()}</span>
          <div>
            <p className="font-medium text-fg">{acceptor.name}</p>
            <div className="mt-0.5 flex flex-wrap gap-1">
              {acceptor.ways.map((way) => (
                <WayChip key={way} way={way} />
              ))}
            </div>
          </div>
        </div>
        <div className="text-end">
          <p className="text-[0.75rem] text-faint">{t('acceptors.balance')}</p>
          <p className="font-medium text-fg">
            <Num testId="acceptor-balance">{fixed(acceptor.user_balance, DEAL_DECIMALS)}</Num> {coin}
          </p>
        </div>
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-3 text-[0.8125rem]">
        <div>
          <dt className="text-[0.75rem] text-faint">{t('acceptors.depositTerms')}</dt>
          <dd className="mt-0.5 text-fg">
            {t('acceptors.rate')} <Num>{acceptor.recharge_rate}%</Num> · {t('acceptors.max')} {limit(acceptor.recharge_amount)}
          </dd>
        </div>
        <div>
          <dt className="text-[0.75rem] text-faint">{t('acceptors.withdrawTerms')}</dt>
          <dd className="mt-0.5 text-fg">
            {t('acceptors.rate')} <Num>{acceptor.cash_rate}%</Num> · {t('acceptors.max')} {limit(acceptor.cash_amount)}
          </dd>
        </div>
      </dl>
      <div className="mt-4 flex gap-2">
        <ButtonLink to={`/account/rechargeMoney?id=${acceptor.id}&current=0`} size="sm" className="flex-1" data-testid="acceptor-deposit">
          {t('acceptors.deposit')}
        </ButtonLink>
        <ButtonLink to={`/account/rechargeMoney?id=${acceptor.id}&current=1`} size="sm" variant="secondary" className="flex-1" data-testid="acceptor-withdraw">
          {t('acceptors.withdraw')}
        </ButtonLink>
      </div>
    </li>
  );
}
