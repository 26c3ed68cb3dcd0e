import { useTranslation } from 'react-i18next';
import { TabBar } from '../../components/Tabs';
import { USDT_NETWORKS, type UsdtNetwork } from '../../lib/wallet';

export const NETWORK_LABEL: Record<UsdtNetwork, string> = { trc20: 'TRC20', erc20: 'ERC20' };

/** The TRC20/ERC20 choice of a USDT deposit, withdrawal or saved address; tabs are `<testIdPrefix>-network-<network>`. */
export function NetworkTabs({ value, onChange, testIdPrefix }: { value: UsdtNetwork; onChange(next: UsdtNetwork): void; testIdPrefix: string }) {
  const { t } = useTranslation();
  return (
    <TabBar<UsdtNetwork>
      label={t('assets.network')}
      variant="pill"
      value={value}
      onChange={onChange}
      items={USDT_NETWORKS.map((network) => ({ value: network, label: NETWORK_LABEL[network], testId: `${testIdPrefix}-network-${network}` }))}
    />
  );
}
