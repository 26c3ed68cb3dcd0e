import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { Num } from '../../components/Num';
import { AssetsCard, Figure } from './common';
import { DemoBanner } from './DemoBanner';

/** Mock screen figures: liquidation at a risk rate of 110% or below; a displayed interest of 0.1%. */
export const LIQUIDATION_RISK_RATE = '110%';
export const DISPLAYED_INTEREST = '0.1%';

/** `/lever_manger`: the contract management mock: borrow and interest panels with sample figures. */
export function LeverManagerDemoPage() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto w-full max-w-[60rem] flex-1 px-3 py-4 sm:px-5 sm:py-6">
      <AssetsCard title={t('page.lever_manger')} testId="lever-manager-page">
        <DemoBanner />
        <p role="note" className="border-b border-line px-4 py-3 text-[0.8125rem] text-fg sm:px-6" data-testid="liquidation-rule">
          {t('assets.demo.liquidation', { rate: LIQUIDATION_RISK_RATE })}
        </p>
        <div className="grid gap-4 p-4 sm:p-6 md:grid-cols-2">
          <section className="rounded-lg border border-line p-4" aria-labelledby="demo-borrow">
            <h3 id="demo-borrow" className="text-sm font-semibold text-fg">
              {t('assets.demo.borrow')}
            </h3>
            <div className="mt-4 grid grid-cols-2 gap-4">
              <Figure label={t('assets.demo.borrowable')}>
                <Num>1000.00</Num> <span className="text-sm font-normal text-muted">USDT</span>
              </Figure>
              <Figure label={t('assets.demo.borrowed')}>
                <Num>250.00</Num> <span className="text-sm font-normal text-muted">USDT</span>
              </Figure>
              <Figure label={t('assets.demo.riskRate')}>
                <Num>186.40%</Num>
              </Figure>
            </div>
            <Button className="mt-5 w-full" disabled title={t('assets.demo.disabled')}>
              {t('assets.demo.borrowAction')}
            </Button>
          </section>
          <section className="rounded-lg border border-line p-4" aria-labelledby="demo-interest">
            <h3 id="demo-interest" className="text-sm font-semibold text-fg">
              {t('assets.demo.interest')}
            </h3>
            <div className="mt-4 grid grid-cols-2 gap-4">
              <Figure label={t('assets.demo.interestRate')} testId="demo-interest-rate">
                <Num>{DISPLAYED_INTEREST}</Num>
              </Figure>
              <Figure label={t('assets.demo.interestDue')}>
                <Num>0.25</Num> <span className="text-sm font-normal text-muted">USDT</span>
              </Figure>
            </div>
            <Button className="mt-5 w-full" variant="secondary" disabled title={t('assets.demo.disabled')}>
              {t('assets.demo.repayAction')}
            </Button>
          </section>
        </div>
      </AssetsCard>
    </div>
  );
}
