import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LeverTrade } from '../../api';
import { startI18n } from '../../i18n';
import { LeverTradesTable } from './LeverTradesTable';

const trade = (overrides: Partial<LeverTrade>): LeverTrade => ({
  id: 1,
  type: 1,
  status: 1,
  symbol: 'BTC/USDT',
  share: 2,
  multiple: 10,
  price: '100',
  origin_price: '100',
  update_price: '104.5',
  target_profit_price: '120',
  stop_loss_price: '0',
  caution_money: '18',
  origin_caution_money: '20',
  transaction_time: '2026-11-24 10:00:00',
  handle_time: '',
  complete_time: '2026-11-24 11:00:00',
  trade_fee: '0.2',
  overnight_money: '0.05',
  profits: '9',
  legal_id: 3,
  currency_id: 1,
  legal: 'USDT',
  currency: 'BTC',
  share_num: '0.01',
  close_reason: '',
  ...overrides,
});

const render = (props: Partial<Parameters<typeof LeverTradesTable>[0]>) =>
  renderToStaticMarkup(
    <LeverTradesTable trades={[trade({})]} showCloseTime={false} pricePrecision={2} actions={{}} emptyText="none" height={400} {...props} />,
  );

describe('the lever trades table', () => {
  beforeAll(() => startI18n('en'));

  it('shows every column of a held trade, with the close time only for closed trades', () => {
    const held = render({});
    for (const heading of ['Entrust / open price', 'Current price', 'Take-profit', 'Stop-loss', 'Margin', 'Available margin', 'Open time', 'Overnight fee', 'Profit or loss']) {
      expect(held).toContain(heading);
    }
    expect(held).not.toContain('Close time');
    expect(render({ showCloseTime: true })).toContain('Close time');
  });

  it('shows prices to the pair decimals, an unset stop as a dash, and the profit in the up colour', () => {
    const html = render({});
    expect(html).toMatch(/data-testid="lever-row-current"[^>]*>104\.50</);
    expect(html).toMatch(/data-testid="lever-row-stop-loss"[^>]*>--</);
    expect(html).toMatch(/text-up[^"]*"><bdi[^>]*data-testid="lever-row-profit"[^>]*>9\.0000</);
  });

  it('shows the entrusted price of a pending order and only its cancel action', () => {
    const html = render({ trades: [trade({ status: 0, price: '95', update_price: '100' })], actions: { onCancel: () => undefined } });
    expect(html).toContain('>95.00<');
    expect(html).toContain('lever-row-cancel');
    expect(html).not.toContain('lever-row-close');
  });

  it('shows the empty text without rows', () => {
    expect(render({ trades: [] })).toContain('>none<');
  });
});
