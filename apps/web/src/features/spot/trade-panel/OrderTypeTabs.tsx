import { useTranslation } from 'react-i18next';
import { TabBar } from '../../../components/Tabs';
import type { OrderMode, Side } from '../../../lib/trading/order';

/** Limit or market order. */
export function OrderTypeTabs({ value, onChange }: { value: OrderMode; onChange(mode: OrderMode): void }) {
  const { t } = useTranslation();
  return (
    <TabBar<OrderMode>
      label={t('trade.mode')}
      value={value}
      onChange={onChange}
      items={[
        { value: 'limit', label: t('trade.limit'), testId: 'trade-mode-limit' },
        { value: 'market', label: t('trade.market'), testId: 'trade-mode-market' },
      ]}
    />
  );
}

/** Buy or sell, for a panel that shows one side at a time. */
export function SideTabs({ value, onChange }: { value: Side; onChange(side: Side): void }) {
  const { t } = useTranslation();
  return (
    <TabBar<Side>
      label={t('trade.side')}
      value={value}
      onChange={onChange}
      variant="solid"
      className="my-1.5 w-40"
      items={[
        { value: 'buy', label: t('trade.buy'), tone: 'up', testId: 'trade-side-buy' },
        { value: 'sell', label: t('trade.sell'), tone: 'down', testId: 'trade-side-sell' },
      ]}
    />
  );
}
