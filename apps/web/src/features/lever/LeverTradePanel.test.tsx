import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startI18n } from '../../i18n';
import { LeverTradePanel, type LeverTradePanelProps } from './LeverTradePanel';

const props: LeverTradePanelProps = {
  pair: { legal_id: 3, currency_id: 1, legal_name: 'USDT', currency_name: 'BTC', symbol: 'BTC/USDT' },
  context: { lastPrice: '50000', shareNum: '0.01', spread: '0.5', feePercent: '0.05', minHands: '1', maxHands: '100' },
  pricePrecision: 2,
  multiples: ['5', '10', '20'],
  quickHands: ['1', '5', '10'],
  available: '1234.56789',
  signedIn: true,
  guest: false,
};

const render = (overrides: Partial<LeverTradePanelProps>) =>
  renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <LeverTradePanel {...props} {...overrides} />
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('the lever trade panel', () => {
  // the tabs read the page direction from the document; this renders on the server side of React
  const hadDocument = 'document' in globalThis;
  beforeAll(async () => {
    if (!hadDocument) Object.assign(globalThis, { document: { documentElement: { dir: 'ltr' } } });
    await startI18n('en');
  });
  afterAll(() => {
    if (!hadDocument) Reflect.deleteProperty(globalThis, 'document');
  });

  it('offers a signed-in trader the long and short buttons, the multiples, quick hands and a transfer into the lever wallet', () => {
    const html = render({});
    expect(html).toContain('data-testid="lever-long"');
    expect(html).toContain('data-testid="lever-short"');
    for (const multiple of props.multiples) expect(html).toContain(`data-testid="lever-multiple-${multiple}"`);
    for (const hands of props.quickHands) expect(html).toContain(`data-testid="lever-quick-${hands}"`);
    expect(html).toContain('href="/new_account/transferLegal?currency_id=3&amp;from=change&amp;to=lever"');
    expect(html).toMatch(/data-testid="lever-available"[^>]*>1234\.5678</);
    expect(html).not.toContain('lever-login-prompt');
  });

  it('shows visitors a login and register prompt instead of the buttons, and no transfer link', () => {
    const html = render({ signedIn: false });
    expect(html).toContain('data-testid="lever-login-prompt"');
    expect(html).toContain('href="/components/login"');
    expect(html).toContain('href="/components/register"');
    expect(html).not.toContain('lever-long');
    expect(html).not.toContain('lever-transfer');
  });

  it('hides the transfer link from the demo visitor account', () => {
    const html = render({ guest: true });
    expect(html).toContain('data-testid="lever-long"');
    expect(html).not.toContain('lever-transfer');
  });

  it('starts with zero totals and the market price field locked', () => {
    const html = render({});
    expect(html).toMatch(/data-testid="lever-margin-long"[^>]*>0\.0000</);
    expect(html).toMatch(/disabled=""[^>]*data-testid="lever-price"/);
  });
});
