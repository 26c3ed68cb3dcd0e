import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Num } from '../../components/Num';
import { TabBar } from '../../components/Tabs';
import { AssetsCard } from './common';
import { DemoBanner } from './DemoBanner';

type DemoTab = 'charge' | 'withdraw' | 'transfer' | 'other';

/** Fixed sample rows of the mock screen; never the user's records. */
const SAMPLE_ROWS: Record<DemoTab, { time: string; currency: string; amount: string; status: 'done' | 'pending' }[]> = {
  charge: [
    { time: '2024-03-18 09:12', currency: 'USDT', amount: '+500.00000000', status: 'done' },
    { time: '2024-03-02 21:40', currency: 'BTC', amount: '+0.01500000', status: 'done' },
  ],
  withdraw: [{ time: '2024-03-20 14:05', currency: 'USDT', amount: '-120.00000000', status: 'pending' }],
  transfer: [
    { time: '2024-03-19 10:30', currency: 'USDT', amount: '-200.00000000', status: 'done' },
    { time: '2024-03-19 10:31', currency: 'USDT', amount: '+200.00000000', status: 'done' },
  ],
  other: [{ time: '2024-03-01 08:00', currency: 'USDT', amount: '+1.25000000', status: 'done' }],
};

/** `/finanrec`: the finance record mock: tabs of charge, withdraw, transfer and other records with sample rows. */
export function FinanceRecordDemoPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<DemoTab>('charge');
  return (
    <div className="mx-auto w-full max-w-[60rem] flex-1 px-3 py-4 sm:px-5 sm:py-6">
      <AssetsCard title={t('page.finanrec')} testId="finanrec-page">
        <DemoBanner />
        <div className="border-b border-line px-4 sm:px-6">
          <TabBar<DemoTab>
            label={t('page.finanrec')}
            value={tab}
            onChange={setTab}
            items={(['charge', 'withdraw', 'transfer', 'other'] as const).map((value) => ({
              value,
              label: t(`assets.demo.tab.${value}`),
              testId: `finanrec-tab-${value}`,
            }))}
          />
        </div>
        <div className="overflow-x-auto">
          <table className="w-full min-w-[30rem] text-[0.8125rem]">
            <thead>
              <tr className="border-b border-line text-[0.75rem] text-faint">
                <th scope="col" className="px-4 py-2.5 text-start font-medium sm:px-6">{t('assets.time')}</th>
                <th scope="col" className="px-4 py-2.5 text-start font-medium">{t('assets.currency')}</th>
                <th scope="col" className="px-4 py-2.5 text-end font-medium">{t('assets.amount')}</th>
                <th scope="col" className="px-4 py-2.5 text-end font-medium sm:px-6">{t('assets.status')}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {SAMPLE_ROWS[tab].map((row) => (
                <tr key={`${row.time}-${row.amount}`} data-testid="demo-row">
                  <td className="px-4 py-3 text-muted sm:px-6">
                    <Num>{row.time}</Num>
                  </td>
                  <td className="px-4 py-3 text-fg">{row.currency}</td>
                  <td className="px-4 py-3 text-end">
                    <Num className={row.amount.startsWith('-') ? 'text-down' : 'text-up'}>{row.amount}</Num>
                  </td>
                  <td className="px-4 py-3 text-end text-muted sm:px-6">{t(`assets.demo.status.${row.status}`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </AssetsCard>
    </div>
  );
}
