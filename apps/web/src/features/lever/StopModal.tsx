import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LeverTrade } from '../../api';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { Num } from '../../components/Num';
import { showToast } from '../../components/toast-store';
import { fixed, isPositive } from '../../lib/trading/decimal';
import { expectedStopResult, stepStop, stopProblem, type LeverDirection, type PositionFigures } from '../../lib/trading/lever';
import { limitDecimals } from '../../lib/trading/order';
import { LeverInput } from './parts';

/** Decimals of take-profit and stop-loss prices (their step is 0.01). */
const STOP_DECIMALS = 2;

const initial = (value: string | undefined) => (isPositive(value) ? fixed(value, STOP_DECIMALS) : '');

/**
 * Take-profit and stop-loss of a held position: two prices stepped by 0.01, each with the profit or
 * loss it would give (zero when negative), checked against the current price before sending.
 */
export function StopModal({
  trade,
  shareNum,
  spread,
  busy,
  onClose,
  onSave,
}: {
  trade: LeverTrade;
  /** Contract size per hand and spread of the trade's pair. */
  shareNum: string;
  spread: string;
  busy: boolean;
  onClose(): void;
  onSave(input: { id: number; target_profit_price: string; stop_loss_price: string }): void;
}) {
  const { t } = useTranslation();
  const [profit, setProfit] = useState(() => initial(trade.target_profit_price));
  const [loss, setLoss] = useState(() => initial(trade.stop_loss_price));
  const type: LeverDirection = trade.type === 1 ? 1 : 2;
  const position: PositionFigures = { type, price: trade.price, share: String(trade.share), shareNum: trade.share_num || shareNum, spread };
  const unit = trade.legal;

  const step = (value: string, set: (next: string) => void, direction: 1 | -1) => {
    const next = stepStop(value, direction);
    if (next === null) showToast(t('lever.stop.aboveZero'), 'error');
    else set(next);
  };

  const save = () => {
    const problem = stopProblem(type, trade.update_price, profit, loss);
    if (problem) {
      showToast(t(`lever.stop.problem.${problem}`), 'error');
      return;
    }
    onSave({ id: trade.id, target_profit_price: profit, stop_loss_price: loss });
  };

  return (
    <Modal
      open
      onOpenChange={(open) => {
        if (!open && !busy) onClose();
      }}
      title={t('lever.stop.title')}
      testId="lever-stop-modal"
      className="w-[min(28rem,calc(100vw-1.5rem))]"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} data-testid="lever-stop-cancel">
            {t('common.cancel')}
          </Button>
          <Button onClick={save} busy={busy} data-testid="lever-stop-save">
            {t('common.confirm')}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-4 text-sm">
        <p className="text-muted">
          {t('lever.currentPrice')}: <Num className="text-fg" testId="lever-stop-current">{fixed(trade.update_price, 4)}</Num> {unit} ·{' '}
          {t('lever.openPrice')}: <Num className="text-fg">{fixed(trade.price, 4)}</Num>
        </p>
        <StopField
          label={t('lever.takeProfit')}
          testId="lever-stop-profit"
          value={profit}
          onChange={setProfit}
          onStep={(direction) => step(profit, setProfit, direction)}
          hint={type === 1 ? t('lever.stop.profitHintLong') : t('lever.stop.profitHintShort')}
          expectedLabel={t('lever.stop.expectedProfit')}
          expected={expectedStopResult(position, profit, 'profit')}
          unit={unit}
          tone="text-up"
        />
        <StopField
          label={t('lever.stopLoss')}
          testId="lever-stop-loss"
          value={loss}
          onChange={setLoss}
          onStep={(direction) => step(loss, setLoss, direction)}
          hint={type === 1 ? t('lever.stop.lossHintLong') : t('lever.stop.lossHintShort')}
          expectedLabel={t('lever.stop.expectedLoss')}
          expected={expectedStopResult(position, loss, 'loss')}
          unit={unit}
          tone="text-down"
        />
      </div>
    </Modal>
  );
}

function StopField({
  label,
  testId,
  value,
  onChange,
  onStep,
  hint,
  expectedLabel,
  expected,
  unit,
  tone,
}: {
  label: string;
  testId: string;
  value: string;
  onChange(value: string): void;
  onStep(direction: 1 | -1): void;
  hint: string;
  expectedLabel: string;
  expected: string;
  unit: string;
  tone: string;
}) {
  const stepButton = 'grid size-10 shrink-0 place-items-center rounded-md border border-line text-muted hover:border-line-strong hover:text-fg';
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-center gap-2">
        <button type="button" className={stepButton} aria-label={`${label} −0.01`} data-testid={`${testId}-down`} onClick={() => onStep(-1)}>
          −
        </button>
        <div className="min-w-0 flex-1">
          <LeverInput label={label} unit={unit} testId={testId} value={value} onChange={(raw) => onChange(limitDecimals(raw, STOP_DECIMALS))} />
        </div>
        <button type="button" className={stepButton} aria-label={`${label} +0.01`} data-testid={`${testId}-up`} onClick={() => onStep(1)}>
          +
        </button>
      </div>
      <p className="flex justify-between text-[0.75rem]">
        <span className="text-faint">{hint}</span>
        <span className="text-muted">
          {expectedLabel}{' '}
          <Num className={tone} testId={`${testId}-expected`}>
            {expected}
          </Num>
        </span>
      </p>
    </div>
  );
}
