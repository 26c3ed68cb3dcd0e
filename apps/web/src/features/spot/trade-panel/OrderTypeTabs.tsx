import { useTranslation } from 'react-i18next';
import { TabBar } from '../../../components/Tabs';
import { LIMIT_CONTROLS, type LimitControl, type OrderMode, type Side } from '../../../lib/trading/order';

/** Limit, market or stop-limit order. */
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
        { value: 'stop_limit', label: t('trade.stopLimit'), testId: 'trade-mode-stop-limit' },
      ]}
    />
  );
}

const CONTROL_LABELS = { GTC: 'trade.gtc', IOC: 'trade.ioc', POST_ONLY: 'trade.postOnly' } as const;

/** How a limit order meets the book: good till cancelled, immediate or cancel, post-only. */
export function LimitControlTabs({ value, onChange }: { value: LimitControl; onChange(control: LimitControl): void }) {
  const { t } = useTranslation();
  return (
    <TabBar<LimitControl>
      label={t('trade.control')}
      value={value}
      onChange={onChange}
      variant="pill"
      size="sm"
      items={LIMIT_CONTROLS.map((control) => ({ value: control, label: t(CONTROL_LABELS[control]), testId: `trade-control-${control.toLowerCase()}` }))}
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
      className="my-1.5 w-full"
      items={[
        { value: 'buy', label: t('trade.buy'), tone: 'up', testId: 'trade-side-buy' },
        { value: 'sell', label: t('trade.sell'), tone: 'down', testId: 'trade-side-sell' },
      ]}
    />
  );
}
