import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { apitip } from '../../api';
import { Button } from '../../components/Button';
import { CheckCircleIcon, UploadIcon } from '../../components/icons';
import { Modal } from '../../components/Modal';
import { Spinner } from '../../components/Spinner';
import { TextField } from '../../components/TextField';
import { showToast } from '../../components/toast-store';
import { checkImageFile } from '../../lib/forms';
import { checkManualDeposit, hasProblems, networkActive, type ManualDepositProblems, type UsdtNetwork } from '../../lib/wallet';
import { FormAlert } from '../auth/AuthCard';
import { errorText } from '../auth/errors';
import { AmountField } from './AmountField';
import { problemText } from './common';
import { useSubmitManualDeposit, useUploadProof } from './queries';

interface ManualDepositDialogProps {
  open: boolean;
  onClose(): void;
  currency: { id: number; name: string };
  /** The USDT network the deposit was sent on; `null` for single-network currencies. */
  network: UsdtNetwork | null;
}

/** The manual deposit pop-up (spec 3 item 6): hash, source account, amount and a proof image → `wallet/charge_req`. */
export function ManualDepositDialog({ open, onClose, currency, network }: ManualDepositDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title={t('assets.manualDepositTitle', { name: network ? `${currency.name}-${network.toUpperCase()}` : currency.name })}
      description={t('assets.manualDepositBody')}
      testId="manual-deposit-dialog"
      className="w-[min(32rem,calc(100vw-1.5rem))]"
    >
      {open && <ManualDepositForm currency={currency} network={network} onDone={onClose} />}
    </Modal>
  );
}

interface Proof {
  preview?: string;
  url?: string;
  uploading?: boolean;
  error?: string;
}

function ManualDepositForm({ currency, network, onDone }: { currency: { id: number; name: string }; network: UsdtNetwork | null; onDone(): void }) {
  const { t } = useTranslation();
  const fileId = useId();
  const [hash, setHash] = useState('');
  const [source, setSource] = useState('');
  const [amount, setAmount] = useState('');
  const [proof, setProof] = useState<Proof>({});
  const [problems, setProblems] = useState<ManualDepositProblems>({});
  const upload = useUploadProof();
  const submit = useSubmitManualDeposit();

  // The local preview is an object URL: free it when it changes or the form goes away.
  const preview = proof.preview;
  useEffect(() => () => {
    if (preview) URL.revokeObjectURL(preview);
  }, [preview]);

  function choose(file: File | undefined) {
    if (!file) return;
    const problem = checkImageFile(file);
    if (problem) {
      setProof((current) => ({ ...current, error: apitip(problem) }));
      return;
    }
    const next = URL.createObjectURL(file);
    setProof({ preview: next, uploading: true });
    setProblems((current) => ({ ...current, proof: undefined }));
    upload.mutate(file, {
      onSuccess: (url) => setProof((current) => (current.preview === next ? { preview: next, url } : current)),
      onError: (error) => setProof((current) => (current.preview === next ? { preview: next, error: errorText(error) } : current)),
    });
  }

  function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = checkManualDeposit({ hash, source, amount, proofUrl: proof.url ?? '' });
    setProblems(found);
    if (hasProblems(found) || !proof.url) return;
    submit.mutate(
      {
        currency: currency.id,
        hash: hash.trim(),
        acc: source.trim(),
        amount: amount.trim(),
        pic: proof.url,
        active: network ? networkActive(network) : undefined,
      },
      {
        onSuccess: (message) => {
          showToast(apitip(message || 'recharge submitted'), 'success', 3000);
          onDone();
        },
      },
    );
  }

  return (
    <form noValidate onSubmit={send} className="flex flex-col gap-4" data-testid="manual-deposit-form">
      <p className="text-[0.8125rem] text-muted">{t('assets.manualDepositBody')}</p>
      <TextField
        label={t('assets.hash')}
        value={hash}
        onChange={(event) => {
          setHash(event.target.value);
          setProblems((current) => ({ ...current, hash: undefined }));
        }}
        maxLength={128}
        autoComplete="off"
        ltrValue
        placeholder={t('assets.hashPlaceholder')}
        error={problemText(problems.hash)}
        data-testid="manual-deposit-hash"
      />
      <TextField
        label={t('assets.sourceAccount')}
        value={source}
        onChange={(event) => {
          setSource(event.target.value);
          setProblems((current) => ({ ...current, source: undefined }));
        }}
        maxLength={128}
        autoComplete="off"
        ltrValue
        placeholder={t('assets.sourcePlaceholder')}
        error={problemText(problems.source)}
        data-testid="manual-deposit-account"
      />
      <AmountField
        label={t('assets.amount')}
        value={amount}
        onChange={(value) => {
          setAmount(value);
          setProblems((current) => ({ ...current, amount: undefined }));
        }}
        unit={currency.name}
        error={problemText(problems.amount)}
        testId="manual-deposit-amount"
      />
      <div className="flex flex-col gap-1.5">
        <span className="text-[0.8125rem] font-medium text-muted">{t('assets.proof')}</span>
        <label
          htmlFor={fileId}
          className="group relative flex h-36 cursor-pointer flex-col items-center justify-center gap-1.5 overflow-hidden rounded-lg border border-dashed border-line-strong bg-sunken text-center hover:border-brand"
        >
          {proof.preview ? (
            <img src={proof.preview} alt={t('assets.proof')} data-testid="manual-deposit-preview" data-uploaded={proof.url ? 'true' : 'false'} className="absolute inset-0 size-full object-contain" />
          ) : (
            <>
              <UploadIcon size={22} className="text-faint group-hover:text-brand" />
              <span className="text-[0.8125rem] text-muted">{t('assets.chooseImage')}</span>
            </>
          )}
          {proof.uploading && (
            <span className="absolute inset-0 grid place-items-center bg-overlay text-brand-fg">
              <span className="flex items-center gap-2 text-[0.8125rem]">
                <Spinner size={16} />
                {t('kyc.uploading')}
              </span>
            </span>
          )}
          {proof.url && !proof.uploading && (
            <span className="absolute end-2 top-2 inline-flex items-center gap-1 rounded-full bg-surface/90 px-2 py-0.5 text-[0.6875rem] font-medium text-up">
              <CheckCircleIcon size={13} />
              {t('kyc.uploaded')}
            </span>
          )}
          <input
            id={fileId}
            type="file"
            accept="image/jpeg,image/png,.jpg,.jpeg,.png"
            className="sr-only"
            data-testid="manual-deposit-file"
            onChange={(event) => {
              choose(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
        </label>
        <p className="text-[0.75rem] text-faint">{t('assets.proofRules')}</p>
        {(proof.error ?? problemText(problems.proof)) && (
          <p className="text-[0.8125rem] text-down">{proof.error ?? problemText(problems.proof)}</p>
        )}
      </div>
      {submit.isError && <FormAlert testId="manual-deposit-error">{errorText(submit.error)}</FormAlert>}
      <Button type="submit" size="lg" busy={submit.isPending} disabled={proof.uploading} data-testid="manual-deposit-submit" className="w-full">
        {t('assets.submitDeposit')}
      </Button>
    </form>
  );
}
