import { useState } from 'react';
import { Button } from '@web/components/Button';
import { api, useAction } from '../api';
import { ErrorLine } from './ErrorLine';

export type RulingOutcome = 'release' | 'return';

export interface EscrowRulingProps {
  /** the ruling route, sent `{outcome, note}` */
  path: string;
  /** whether the operator may rule now (the role moves money, and the case waits for a ruling) */
  mayRule: boolean;
  /** what each outcome does, and its button */
  text: Record<RulingOutcome, string>;
  buttons: Record<RulingOutcome, string>;
  /** the escrowed amount with its currency, and who receives it for each outcome */
  amount: string;
  recipient: Record<RulingOutcome, string>;
  onDone(): void;
}

/**
 * An operator's ruling on an escrow under dispute: an outcome, a note for the log, and a
 * confirmation naming the amount and who receives it (a ruling cannot be undone).
 */
export function EscrowRuling({ path, mayRule, text, buttons, amount, recipient, onDone }: EscrowRulingProps) {
  const [outcome, setOutcome] = useState<RulingOutcome>();
  const [note, setNote] = useState('');
  const action = useAction();
  const confirm = () => outcome && void action.run(() => api('POST', path, { outcome, note: note.trim() })).then((done) => done && onDone());
  return (
    <>
      {mayRule && (
        <div className="flex flex-col gap-2">
          <div className="flex flex-wrap items-center gap-2">
            <Button size="sm" variant={outcome === 'release' ? 'primary' : 'outline'} onClick={() => setOutcome('release')}>
              {buttons.release}
            </Button>
            <Button size="sm" variant={outcome === 'return' ? 'primary' : 'outline'} onClick={() => setOutcome('return')}>
              {buttons.return}
            </Button>
            <input aria-label="Ruling note" className="bo-input w-96" maxLength={200} placeholder="Note for the log (what was checked)" value={note} onChange={(event) => setNote(event.target.value)} />
          </div>
          {outcome && (
            <div role="alertdialog" aria-label="Confirm the ruling" className="flex flex-wrap items-center gap-2 rounded border border-line bg-raised p-3 text-[0.8125rem]">
              <span>
                {text[outcome]}: {amount} to {recipient[outcome]}. This cannot be undone.
              </span>
              <Button size="sm" busy={action.busy} onClick={confirm}>
                Confirm
              </Button>
              <Button size="sm" variant="secondary" onClick={() => setOutcome(undefined)}>
                Cancel
              </Button>
            </div>
          )}
        </div>
      )}
      <ErrorLine error={action.error} />
    </>
  );
}
