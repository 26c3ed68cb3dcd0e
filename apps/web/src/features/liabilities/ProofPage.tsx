import { useMutation } from '@tanstack/react-query';
import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { verifyLiabilityProof, type LiabilityProof, type LiabilitySnapshotItem, type LiabilityVerification } from '@tessera/protocol';
import { liabilityApi } from '../../api';
import { Button } from '../../components/Button';
import { InlineError, ListState, TitledCard } from '../../components/Panel';
import { SelectField } from '../../components/SelectField';
import { displayServerTime } from '../../lib/format';
import { errorText } from '../auth';
import { ProofCheck } from './ProofCheck';
import { useLiabilitySnapshots } from './queries';

interface Checked {
  proof: LiabilityProof | undefined;
  result: LiabilityVerification;
  publishedRoot: string | undefined;
}

/** The root the exchange published for a proof's snapshot and currency, if that snapshot is listed. */
function publishedRootOf(snapshots: readonly LiabilitySnapshotItem[], proof: unknown): string | undefined {
  if (typeof proof !== 'object' || proof === null) return undefined;
  const { snapshot_id: snapshotId, currency_id: currencyId } = proof as { snapshot_id?: unknown; currency_id?: unknown };
  return snapshots.find((snapshot) => snapshot.id === snapshotId)?.currencies.find((currency) => currency.currency_id === currencyId)?.root_hash;
}

/** Checks a proof in this browser against the root published for its snapshot and currency. */
function check(snapshots: readonly LiabilitySnapshotItem[], proof: unknown): Checked {
  const publishedRoot = publishedRootOf(snapshots, proof);
  return { proof: proof as LiabilityProof, result: verifyLiabilityProof(proof, publishedRoot), publishedRoot };
}

function download(proof: LiabilityProof): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(proof, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `tessera-proof-${proof.snapshot_id}-${proof.currency}.json`;
  link.click();
  URL.revokeObjectURL(url);
}

/**
 * `/new_account/proof`: the user's proof of liabilities. Pick a published snapshot and a currency,
 * get the proof of one's own balance, see it checked here (leaf, path, root) and download it; or
 * check a proof file kept earlier. Nothing of the check happens on the server.
 */
export function ProofPage() {
  const { t } = useTranslation();
  const snapshots = useLiabilitySnapshots();
  const list = snapshots.data?.list ?? [];
  const [snapshotId, setSnapshotId] = useState<number | undefined>(undefined);
  const [currencyId, setCurrencyId] = useState<number | undefined>(undefined);
  const [checked, setChecked] = useState<Checked | undefined>(undefined);
  const snapshot = list.find((item) => item.id === snapshotId) ?? list[0];
  const currency = snapshot?.currencies.find((item) => item.currency_id === currencyId) ?? snapshot?.currencies[0];
  const fetchProof = useMutation({
    mutationFn: () => liabilityApi.proof(snapshot?.id ?? 0, currency?.currency_id ?? 0),
    onSuccess: (proof) => setChecked(check(list, proof)),
    onError: () => setChecked(undefined),
  });

  const readFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(await file.text());
    } catch {
      parsed = undefined;
    }
    setChecked(check(list, parsed));
  };

  return (
    <TitledCard
      title={t('page.proof')}
      subtitle={t('liabilities.proofSubtitle')}
      testId="proof-page"
      actions={
        <Link to="/liabilities" className="text-[0.8125rem] text-brand hover:underline">
          {t('liabilities.publishedLink')}
        </Link>
      }
    >
      <div className="grid gap-5 p-4 sm:p-6">
        {snapshots.isPending ? (
          <ListState busy text="" />
        ) : snapshots.isError ? (
          <InlineError text={errorText(snapshots.error)} onRetry={() => void snapshots.refetch()} />
        ) : list.length === 0 || !snapshot ? (
          <ListState busy={false} text={t('liabilities.none')} testId="proof-none" />
        ) : (
          <div className="grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
            <SelectField
              label={t('liabilities.snapshot')}
              data-testid="proof-snapshot"
              value={String(snapshot.id)}
              onChange={(event) => setSnapshotId(Number(event.target.value))}
              options={list.map((item) => ({ value: String(item.id), label: `#${item.id} · ${displayServerTime(item.taken_at)}` }))}
            />
            <SelectField
              label={t('liabilities.currency')}
              data-testid="proof-currency"
              value={String(currency?.currency_id ?? '')}
              onChange={(event) => setCurrencyId(Number(event.target.value))}
              options={snapshot.currencies.map((item) => ({ value: String(item.currency_id), label: item.currency }))}
            />
            <Button busy={fetchProof.isPending} disabled={!currency} onClick={() => fetchProof.mutate()} data-testid="proof-get">
              {t('liabilities.getProof')}
            </Button>
          </div>
        )}
        {fetchProof.isError && (
          <p role="alert" className="text-[0.8125rem] text-down" data-testid="proof-error">
            {errorText(fetchProof.error)}
          </p>
        )}
        <div className="flex flex-wrap items-center gap-3">
          {checked?.proof && checked.result.ok && (
            <Button variant="secondary" size="sm" onClick={() => checked.proof && download(checked.proof)} data-testid="proof-download">
              {t('liabilities.download')}
            </Button>
          )}
          <label className="cursor-pointer text-[0.8125rem] text-brand hover:underline">
            {t('liabilities.verifyFile')}
            <input type="file" accept="application/json,.json" className="sr-only" onChange={(event) => void readFile(event)} data-testid="proof-file" />
          </label>
          <a href="/liabilities-verifier.html" download className="text-[0.8125rem] text-muted hover:underline" data-testid="offline-verifier">
            {t('liabilities.offlineVerifier')}
          </a>
        </div>
        {checked && <ProofCheck result={checked.result} publishedRoot={checked.publishedRoot} />}
      </div>
    </TitledCard>
  );
}
