import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartIcon } from '../../components/icons';
import { Spinner } from '../../components/Spinner';
import { StatePanel } from '../../components/StatePanel';
import { useTradingPair, type PairDesk, type PairProduct } from './useTradingPair';

interface TradingScreenProps {
  /** The screen's test id (it carries the pair as `data-symbol`). */
  testId: string;
  /** The test id of the "no pairs" state. */
  emptyTestId: string;
  /** The screen's heading, for screen readers only. */
  title: string;
  /** The columns of the screen's grid. */
  gridClassName: string;
  /** The product of the desk: only the pairs open for it are listed (every pair without one). */
  product?: PairProduct;
  /** The panels, given the selected pair's data. */
  children(desk: PairDesk): ReactNode;
}

/**
 * The frame of the trading screens (desk /dealCenter and terminal /quotation): the selected pair's
 * data, a spinner while the quotations load or "no pairs" when there are none, then the page with
 * its hidden heading and grid. Both screens wait for their pair the same way; only the grid differs.
 */
export function TradingScreen({ testId, emptyTestId, title, gridClassName, product, children }: TradingScreenProps) {
  const { t } = useTranslation();
  const desk = useTradingPair(product);
  const { pair } = desk;

  if (!pair) {
    return desk.quotationsPending ? (
      <div className="grid flex-1 place-items-center py-24">
        <Spinner />
      </div>
    ) : (
      <StatePanel icon={<ChartIcon size={26} />} title={t('market.noPairs')} testId={emptyTestId} className="py-24" />
    );
  }

  return (
    <div data-testid={testId} data-symbol={pair.symbol} className="mx-auto w-full max-w-[120rem] px-2 py-2 sm:px-3">
      <h1 className="sr-only">{title}</h1>
      <div className={clsx('grid grid-cols-1 gap-2', gridClassName)}>{children({ ...desk, pair })}</div>
    </div>
  );
}
