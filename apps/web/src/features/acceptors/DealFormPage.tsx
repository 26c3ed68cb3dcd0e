import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ButtonLink } from '../../components/Button';
import { AlertIcon, LockIcon, UsersIcon } from '../../components/icons';
import { Loading } from '../../components/Spinner';
import { StatePanel } from '../../components/StatePanel';
import { TabBar } from '../../components/Tabs';
import { GuestNotice, useIsGuest } from '../account';
import { errorText, useUserInfo } from '../auth';
import { AcceptorCard } from './common';
import { DealForm, type Direction } from './DealForm';
import { useAcceptor } from './queries';

/** `?current=` 0 is a deposit (the user buys coins), 1 a withdrawal (the user sells coins). */
const directionOf = (current: string | null): Direction => (current === '1' ? 'sell' : 'buy');

/**
 * `/account/rechargeMoney?id=&current=`: a deal with one acceptor. A deposit shows where to pay
 * and asks for the payment's details; a withdrawal escrows the coins until the acceptor has paid.
 * The fee and what is settled are shown before sending; a confirmation comes first.
 */
export function DealFormPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const rawId = params.get('id');
  const id = rawId && /^[1-9]\d{0,9}$/.test(rawId) ? Number(rawId) : 0;
  const direction = directionOf(params.get('current'));
  const acceptor = useAcceptor(id);
  const me = useUserInfo();
  const guest = useIsGuest();

  let body: ReactNode;
  if (id === 0) {
    body = (
      <StatePanel
        testId="deal-no-acceptor"
        icon={<UsersIcon size={26} />}
        title={t('acceptors.chooseFirst')}
        actions={<ButtonLink to="/account/aceite">{t('page.aceite')}</ButtonLink>}
      />
    );
  } else if (acceptor.isPending) {
    body = <Loading label={t('common.loading')} className="py-12" />;
  } else if (acceptor.isError) {
    body = (
      <StatePanel
        tone="danger"
        testId="deal-acceptor-error"
        icon={<AlertIcon size={26} />}
        title={errorText(acceptor.error)}
        actions={<ButtonLink to="/account/aceite" variant="secondary">{t('page.aceite')}</ButtonLink>}
      />
    );
  } else if (guest) {
    body = <GuestNotice icon={<LockIcon size={26} />} title={t('acceptors.guestTitle')} body={t('acceptors.guestBody')} />;
  } else if (me.data && me.data.id === acceptor.data.id) {
    body = (
      <StatePanel
        testId="deal-self"
        icon={<UsersIcon size={26} />}
        title={t('acceptors.selfTitle')}
        actions={<ButtonLink to="/account/coinRecord">{t('acceptors.handleDeals')}</ButtonLink>}
      />
    );
  } else {
    body = <DealForm key={`${acceptor.data.id}-${direction}`} acceptor={acceptor.data} direction={direction} />;
  }

  return (
    <AcceptorCard title={t('page.rechargeMoney')} subtitle={acceptor.data ? t('acceptors.withName', { name: acceptor.data.name }) : undefined} testId="deal-page">
      {id > 0 && (
        <div className="border-b border-line px-4 sm:px-6">
          <TabBar<Direction>
            label={t('page.rechargeMoney')}
            value={direction}
            onChange={(next) => setParams({ id: String(id), current: next === 'sell' ? '1' : '0' }, { replace: true })}
            items={[
              { value: 'buy', label: t('acceptors.deposit'), testId: 'deal-tab-buy' },
              { value: 'sell', label: t('acceptors.withdraw'), testId: 'deal-tab-sell' },
            ]}
          />
        </div>
      )}
      {body}
    </AcceptorCard>
  );
}
