import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { apitip } from '../../api';
import { Button } from '../../components/Button';
import { Checkbox } from '../../components/Checkbox';
import { Field } from '../../components/Field';
import { Num } from '../../components/Num';
import { TabBar } from '../../components/Tabs';
import { TextField } from '../../components/TextField';
import { showToast } from '../../components/toast-store';
import { C2C_WAY_NAMES, checkPublish, dealMoney, hasProblems, type C2cWayName, type PublishForm, type PublishProblems } from '../../lib/trading/c2c';
import { errorText, FormAlert } from '../auth';
import { BalanceStrip, C2cScreen, CoinPicker } from './common';
import { useC2cCurrencies, useC2cLive, useLegalBalances, usePublishAd, useTradeRefusalRedirect } from './queries';
import { useChosenCoin } from './useChosenCoin';

/** After a publish, the user's ads open after about half a second. */
const AFTER_PUBLISH_MS = 500;

type Fields = Omit<PublishForm, 'type'>;
const EMPTY: Fields = { price: '', total: '', min: '', max: '', ways: [] };

/**
 * `/c2c`: publish an ad. The fiat currency (CNY), buy or sell, the coin, the CNY price, the total
 * and the limits per order, and the payment ways. A sell ad escrows its total from the legal
 * wallet. Success goes to the user's ads; 997 and 998 lead to the page that fixes them; any other
 * refusal clears the price, the quantity and the ways.
 */
export function PublishPage() {
  const { t } = useTranslation();
  useC2cLive();
  const navigate = useNavigate();
  const currencies = useC2cCurrencies();
  const balances = useLegalBalances();
  const [coin, setCoin] = useChosenCoin(currencies.data?.coins);
  const [fiat, setFiat] = useState<number>();
  const [type, setType] = useState<'buy' | 'sell'>('sell');
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [problems, setProblems] = useState<PublishProblems>({});
  const [failure, setFailure] = useState<string>();
  const publish = usePublishAd();
  const redirect = useTradeRefusalRedirect();
  const fiatId = useId();

  const fiats = currencies.data?.fiat ?? [];
  const fiatChosen = fiats.find((item) => item.id === fiat) ?? fiats[0];
  const available = coin ? balances.data?.get(coin.id)?.available : undefined;
  const total = dealMoney(fields.total, fields.price);

  const set = (patch: Partial<Fields>) => setFields((current) => ({ ...current, ...patch }));
  const toggleWay = (way: C2cWayName) =>
    set({ ways: fields.ways.includes(way) ? fields.ways.filter((item) => item !== way) : C2C_WAY_NAMES.filter((item) => item === way || fields.ways.includes(item)) });

  function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(undefined);
    const found = checkPublish({ type, ...fields }, type === 'sell' ? available : undefined);
    setProblems(found);
    if (hasProblems(found) || !coin) return;
    publish.mutate(
      {
        type,
        currency_id: coin.id,
        price: fields.price.trim(),
        total_number: fields.total.trim(),
        min_number: fields.min.trim() || undefined,
        max_number: fields.max.trim() || undefined,
        way: fields.ways.join(','),
      },
      {
        onSuccess: () => {
          showToast(t('c2c.publish.done'), 'success');
          setTimeout(() => void navigate('/c2cRelease'), AFTER_PUBLISH_MS);
        },
        onError: (error) => {
          if (redirect(error)) return;
          setFailure(errorText(error));
          setFields((current) => ({ ...current, price: '', total: '', ways: [] }));
        },
      },
    );
  }

  const problem = (key: keyof PublishProblems) => {
    const found = problems[key];
    return found && apitip(found);
  };

  return (
    <C2cScreen title={t('page.c2c')} subtitle={t('c2c.publish.subtitle')} testId="c2c-publish" width="narrow">
      <form noValidate onSubmit={submit} className="flex flex-col gap-5 px-4 py-5 sm:px-6 sm:py-6" data-testid="publish-form">
        {failure && <FormAlert testId="publish-failure">{failure}</FormAlert>}
        <Field label={t('c2c.publish.fiat')} id={fiatId}>
          {(control) => (
            <select
              {...control}
              value={fiatChosen?.id ?? ''}
              onChange={(event) => setFiat(Number(event.target.value))}
              className="h-full flex-1 bg-transparent px-3 text-[0.9375rem] text-fg outline-none"
              data-testid="publish-fiat"
            >
              {fiats.map((item) => (
                <option key={item.id} value={item.id}>
                  {item.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <div className="flex flex-col gap-1.5">
          <span className="text-[0.8125rem] font-medium text-muted">{t('c2c.publish.type')}</span>
          <TabBar
            value={type}
            onChange={(next) => {
              setType(next);
              setProblems({});
            }}
            label={t('c2c.publish.type')}
            variant="solid"
            size="md"
            items={[
              { value: 'buy', label: t('c2c.publish.buyAd'), tone: 'up', testId: 'publish-type-buy' },
              { value: 'sell', label: t('c2c.publish.sellAd'), tone: 'down', testId: 'publish-type-sell' },
            ]}
          />
          <p className="text-[0.75rem] text-faint">{t(type === 'buy' ? 'c2c.publish.buyNote' : 'c2c.publish.sellNote')}</p>
        </div>
        <div className="flex flex-col gap-1.5">
          <span className="text-[0.8125rem] font-medium text-muted">{t('c2c.coin')}</span>
          <CoinPicker coins={currencies.data?.coins ?? []} value={coin?.id} onChange={setCoin} label={t('c2c.coin')} />
          <BalanceStrip currencyId={coin?.id} className="mt-1" />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t('c2c.publish.price', { fiat: fiatChosen?.name ?? 'CNY' })}
            value={fields.price}
            inputMode="decimal"
            onChange={(event) => set({ price: event.target.value })}
            error={problem('price')}
            ltrValue
            data-testid="publish-price"
            end={<span className="px-2 text-[0.8125rem] text-faint">{fiatChosen?.name ?? 'CNY'}</span>}
          />
          <TextField
            label={t(type === 'buy' ? 'c2c.publish.totalBuy' : 'c2c.publish.totalSell')}
            value={fields.total}
            inputMode="decimal"
            onChange={(event) => set({ total: event.target.value })}
            error={problem('total')}
            ltrValue
            data-testid="publish-total"
            end={<span className="px-2 text-[0.8125rem] text-faint">{coin?.name}</span>}
          />
          <TextField
            label={t('c2c.publish.min')}
            value={fields.min}
            inputMode="decimal"
            placeholder={t('c2c.publish.noLimit')}
            onChange={(event) => set({ min: event.target.value })}
            error={problem('min')}
            ltrValue
            data-testid="publish-min"
          />
          <TextField
            label={t('c2c.publish.max')}
            value={fields.max}
            inputMode="decimal"
            placeholder={t('c2c.publish.noLimit')}
            onChange={(event) => set({ max: event.target.value })}
            error={problem('max')}
            ltrValue
            data-testid="publish-max"
          />
        </div>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1.5 text-[0.8125rem] font-medium text-muted">{t('c2c.ad.ways')}</legend>
          <div className="flex flex-wrap gap-x-6 gap-y-2">
            {C2C_WAY_NAMES.map((way) => (
              <Checkbox
                key={way}
                id={`publish-way-${way}`}
                label={t(`c2c.way.${way}`)}
                checked={fields.ways.includes(way)}
                onChange={() => toggleWay(way)}
                invalid={problems.ways !== undefined}
                data-testid={`publish-way-${way}`}
              />
            ))}
          </div>
          {problems.ways && <p className="text-[0.8125rem] text-down">{problem('ways')}</p>}
          <p className="text-[0.75rem] text-faint">{t('c2c.publish.waysNote')}</p>
        </fieldset>
        <div className="flex flex-wrap items-center justify-between gap-3 border-t border-line pt-4">
          <p className="text-[0.8125rem] text-muted">
            {t('c2c.publish.value')}{' '}
            <Num className="font-semibold text-fg" testId="publish-value">
              {total ?? '--'} {fiatChosen?.name ?? 'CNY'}
            </Num>
          </p>
          <Button type="submit" busy={publish.isPending} disabled={!coin} data-testid="publish-submit">
            {t('c2c.publish.submit')}
          </Button>
        </div>
      </form>
    </C2cScreen>
  );
}
