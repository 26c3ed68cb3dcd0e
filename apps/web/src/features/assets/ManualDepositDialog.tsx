import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { ImageUploadTile, useImageUpload } from '../../components/ImageUpload';
import { Modal } from '../../components/Modal';
import { TextField } from '../../components/TextField';
import { checkManualDeposit, networkActive, type ManualDepositProblems, type UsdtNetwork } from '../../lib/wallet';
import { errorText, FormAlert } from '../auth';
import { AmountField } from './AmountField';
import { successToast, useProblems } from './forms';
import { useSubmitManualDeposit, useUploadProof } from './queries';

interface ManualDepositDialogProps {
  open: boolean;
  onClose(): void;
  currency: { id: number; name: string };
  /** The USDT network the deposit was sent on; `null` for single-network currencies. */
  network: UsdtNetwork | null;
}

/** The manual deposit pop-up: hash, source account, amount and a proof image → `wallet/charge_req`. */
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

function ManualDepositForm({ currency, network, onDone }: { currency: { id: number; name: string }; network: UsdtNetwork | null; onDone(): void }) {
  const { t } = useTranslation();
  const fileId = useId();
  const [hash, setHash] = useState('');
  const [source, setSource] = useState('');
  const [amount, setAmount] = useState('');
  const problems = useProblems<ManualDepositProblems>();
  const upload = useUploadProof();
  const { state: proof, choose } = useImageUpload(upload.mutateAsync, errorText);
  const submit = useSubmitManualDeposit();

  function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = checkManualDeposit({ hash, source, amount, proofUrl: proof.url ?? '' });
    if (!problems.check(found) || !proof.url) return;
    submit.mutate(
      {
        currency: currency.id,
        hash: hash.trim(),
        acc: source.trim(),
        amount: amount.trim(),
        pic: proof.url,
        active: network ? networkActive(network) : undefined,
      },
      { onSuccess: successToast('recharge submitted', 3000, onDone) },
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
          problems.clear('hash');
        }}
        maxLength={128}
        autoComplete="off"
        ltrValue
        placeholder={t('assets.hashPlaceholder')}
        error={problems.text('hash')}
        data-testid="manual-deposit-hash"
      />
      <TextField
        label={t('assets.sourceAccount')}
        value={source}
        onChange={(event) => {
          setSource(event.target.value);
          problems.clear('source');
        }}
        maxLength={128}
        autoComplete="off"
        ltrValue
        placeholder={t('assets.sourcePlaceholder')}
        error={problems.text('source')}
        data-testid="manual-deposit-account"
      />
      <AmountField
        label={t('assets.amount')}
        value={amount}
        onChange={(value) => {
          setAmount(value);
          problems.clear('amount');
        }}
        unit={currency.name}
        error={problems.text('amount')}
        testId="manual-deposit-amount"
      />
      <div className="flex flex-col gap-1.5">
        <span className="text-[0.8125rem] font-medium text-muted">{t('assets.proof')}</span>
        <ImageUploadTile
          id={fileId}
          state={proof}
          onChoose={(file) => {
            if (choose(file)) problems.clear('proof');
          }}
          alt={t('assets.proof')}
          prompt={t('assets.chooseImage')}
          previewTestId="manual-deposit-preview"
          fileTestId="manual-deposit-file"
          className="h-36"
          fit="contain"
        />
        <p className="text-[0.75rem] text-faint">{t('assets.proofRules')}</p>
        {(proof.error ?? problems.text('proof')) && <p className="text-[0.8125rem] text-down">{proof.error ?? problems.text('proof')}</p>}
      </div>
      {submit.isError && <FormAlert testId="manual-deposit-error">{errorText(submit.error)}</FormAlert>}
      <Button type="submit" size="lg" busy={submit.isPending} disabled={proof.uploading} data-testid="manual-deposit-submit" className="w-full">
        {t('assets.submitDeposit')}
      </Button>
    </form>
  );
}
