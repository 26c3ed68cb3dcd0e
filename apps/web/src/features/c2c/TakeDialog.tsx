import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { apitip, type C2cAd } from '../../api';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { Num } from '../../components/Num';
import { TextField } from '../../components/TextField';
import { showToast } from '../../components/toast-store';
import { checkTakeNumber, dealMoney, defaultTakeNumber, parseWays } from '../../lib/trading/c2c';
import { errorText } from '../auth';
import { WayIcons } from './common';
import { useTakeAd, useTradeRefusalRedirect } from './queries';

/**
 * Taking an ad after confirming: the quantity (the remainder, or the ad's maximum per order, to
 * start with), what it costs in CNY, then the new order's page. A sell ad is bought, a buy ad sold.
 */
export function TakeDialog({ ad, onClose }: { ad: C2cAd; onClose(): void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const take = useTakeAd();
  const redirect = useTradeRefusalRedirect();
  const [number, setNumber] = useState(() => defaultTakeNumber(ad));
  const [problem, setProblem] = useState<string>();
  const buying = ad.type === 'sell';
  const money = dealMoney(number, ad.price);

  function submit(event: FormEvent) {
    event.preventDefault();
    const check = checkTakeNumber(number, ad);
    setProblem(check && apitip(check));
    if (check) return;
    take.mutate(
      { id: ad.id, number: number.trim() },
      {
        onSuccess: (taken) => {
          showToast(t('c2c.take.done'), 'success');
          onClose();
          void navigate(`/c2cDetail?id=${taken.id}`);
        },
        onError: (error) => {
          if (redirect(error)) onClose();
          else setProblem(errorText(error));
        },
      },
    );
  }

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={t(buying ? 'c2c.take.buyTitle' : 'c2c.take.sellTitle', { coin: ad.currency_name })}
      testId="take-dialog"
      className="w-[min(28rem,calc(100vw-1.5rem))]"
    >
      <form id="take-form" noValidate onSubmit={submit} className="flex flex-col gap-4">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-lg border border-line bg-raised px-4 py-3 text-[0.8125rem]">
          <dt className="text-faint">{t('c2c.ad.seller')}</dt>
          <dd className="text-end text-fg">{ad.seller_name}</dd>
          <dt className="text-faint">{t('c2c.ad.price')}</dt>
          <dd className="text-end">
            <Num className="text-fg">{ad.price} CNY</Num>
          </dd>
          <dt className="text-faint">{t('c2c.ad.limits')}</dt>
          <dd className="text-end">
            <Num className="text-fg">
              {ad.min_number} – {Number(ad.max_number) > 0 ? ad.max_number : ad.surplus_number} {ad.currency_name}
            </Num>
          </dd>
          <dt className="text-faint">{t('c2c.ad.ways')}</dt>
          <dd className="flex justify-end">
            <WayIcons ways={parseWays(ad.way)} />
          </dd>
        </dl>
        <TextField
          label={t('c2c.take.number', { coin: ad.currency_name })}
          value={number}
          inputMode="decimal"
          onChange={(event) => setNumber(event.target.value)}
          error={problem}
          ltrValue
          data-testid="take-number"
          end={<span className="px-2 text-[0.8125rem] text-faint">{ad.currency_name}</span>}
        />
        <p className="flex items-center justify-between text-[0.8125rem]">
          <span className="text-muted">{t(buying ? 'c2c.take.youPay' : 'c2c.take.youReceive')}</span>
          <Num className="text-base font-semibold text-fg" testId="take-money">
            {money ?? '--'} CNY
          </Num>
        </p>
        <p className="text-[0.75rem] text-faint">{t(buying ? 'c2c.take.buyNote' : 'c2c.take.sellNote')}</p>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            type="submit"
            busy={take.isPending}
            className={buying ? 'bg-up text-white hover:bg-up/90' : 'bg-down text-white hover:bg-down/90'}
            data-testid="take-confirm"
          >
            {t(buying ? 'c2c.take.buy' : 'c2c.take.sell', { coin: ad.currency_name })}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
