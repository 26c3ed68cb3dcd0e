import { clsx } from 'clsx';
import { useTranslation } from 'react-i18next';
import type { LiabilityVerification } from '@tessera/protocol';
import { AlertIcon, CheckCircleIcon } from '../../components/icons';
import { Num } from '../../components/Num';

/** A hash in full, broken anywhere: hashes are read and compared, never typed. */
function Hash({ value, testId }: { value: string; testId?: string }) {
  return (
    <code className="font-mono text-[0.75rem] break-all text-fg" dir="ltr" data-testid={testId}>
      {value}
    </code>
  );
}

/**
 * What checking a proof found: whether it holds and reaches the published root, and each step of
 * its path from the user's leaf up to the root (the sibling's side, hash and sum, and the parent).
 */
export function ProofCheck({ result, publishedRoot }: { result: LiabilityVerification; publishedRoot: string | undefined }) {
  const { t } = useTranslation();
  const holds = result.ok;
  return (
    <div className="grid gap-4" data-testid="proof-check" data-result={holds ? 'holds' : 'fails'}>
      <div
        role="status"
        className={clsx('flex items-start gap-3 rounded-lg border px-4 py-3 text-[0.8125rem]', holds ? 'border-up/40 bg-up/10 text-up' : 'border-down/40 bg-down/10 text-down')}
      >
        {holds ? <CheckCircleIcon size={20} /> : <AlertIcon size={20} />}
        <div>
          <p className="font-semibold" data-testid="proof-verdict">
            {holds ? t('liabilities.holds') : t('liabilities.fails')}
          </p>
          {!holds && <p className="mt-0.5" data-testid="proof-reason">{result.reason}</p>}
          {holds && (
            <p className="mt-0.5" data-testid="proof-root-match">
              {publishedRoot === undefined ? t('liabilities.rootNotListed') : t('liabilities.rootMatches')}
            </p>
          )}
        </div>
      </div>
      {result.ok && (
        <dl className="grid gap-2 text-[0.8125rem]">
          <div>
            <dt className="text-[0.75rem] text-faint">{t('liabilities.yourLeaf')}</dt>
            <dd>
              <Hash value={result.leaf.hash} /> · <Num>{result.leaf.sum}</Num>
            </dd>
          </div>
          <div>
            <dt className="text-[0.75rem] text-faint">{t('liabilities.root')}</dt>
            <dd>
              <Hash value={result.root.hash} testId="proof-root" /> · <Num>{result.root.sum}</Num>
            </dd>
          </div>
        </dl>
      )}
      {result.steps.length > 0 && (
        <ol className="grid gap-2" data-testid="proof-path">
          {result.steps.map((step) => (
            <li key={step.level} className="rounded-md border border-line bg-sunken px-3 py-2 text-[0.75rem]">
              <p className="text-faint">
                {t('liabilities.level', { level: step.level })} · {t(step.side === 'left' ? 'liabilities.siblingLeft' : 'liabilities.siblingRight')}
              </p>
              <p>
                <Hash value={step.sibling.hash} /> · <Num>{step.sibling.sum}</Num>
              </p>
              <p className="text-faint">
                → <Hash value={step.parent.hash} /> · <Num>{step.parent.sum}</Num>
              </p>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
