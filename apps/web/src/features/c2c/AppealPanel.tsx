import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { apitip, c2cApi, type C2cOrder } from '../../api';
import { Button } from '../../components/Button';
import { ImageUploadTile, useImageUpload } from '../../components/ImageUpload';
import { Num } from '../../components/Num';
import { showToast } from '../../components/toast-store';
import { displayServerTime } from '../../lib/format';
import { errorText, FormAlert } from '../auth';
import { C2cCard } from './common';
import { useAppeal } from './queries';

const MESSAGE_MAX = 500;

/**
 * The appeal of a paid order. Before the window opens it says from when; once open, either side
 * sends a message and a proof image; once sent, both sides see it and, later, the operator's ruling.
 */
export function AppealPanel({ order }: { order: C2cOrder }) {
  const { t } = useTranslation();
  const appeal = order.appeal;
  let body;
  if (appeal.appealed === 1) {
    body = (
      <div className="flex flex-col gap-2 px-4 py-4 text-[0.8125rem] sm:px-6" data-testid="appeal-sent">
        <p className="font-medium text-fg">{t(appeal.by_me === 1 ? 'c2c.appeal.sentByYou' : 'c2c.appeal.sentByOther')}</p>
        {appeal.message && <p className="rounded-lg bg-sunken px-3 py-2 whitespace-pre-wrap text-fg">{appeal.message}</p>}
        {appeal.image && (
          <a href={appeal.image} target="_blank" rel="noreferrer" className="w-fit">
            <img src={appeal.image} alt={t('c2c.appeal.proof')} data-testid="appeal-image" className="max-h-40 rounded-lg border border-line object-contain" />
          </a>
        )}
        <p className="text-muted">{appeal.resolution ? t(`c2c.appeal.resolution.${appeal.resolution}`) : t('c2c.appeal.waiting')}</p>
      </div>
    );
  } else if (appeal.can_appeal === 1) body = <AppealForm orderId={order.id} />;
  else {
    body = (
      <p className="px-4 py-4 text-[0.8125rem] text-muted sm:px-6" data-testid="appeal-later">
        {t('c2c.appeal.later')}{' '}
        {appeal.appeal_from && <Num className="font-medium text-fg">{displayServerTime(appeal.appeal_from)}</Num>}
      </p>
    );
  }
  return (
    <C2cCard title={t('c2c.appeal.title')} subtitle={t('c2c.appeal.subtitle')} testId="appeal-panel">
      {body}
    </C2cCard>
  );
}

function AppealForm({ orderId }: { orderId: number }) {
  const { t } = useTranslation();
  const [message, setMessage] = useState('');
  const proof = useImageUpload((file) => c2cApi.uploadProof(file), errorText);
  const [problem, setProblem] = useState<string>();
  const send = useAppeal();
  const messageId = useId();
  const fileId = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!message.trim()) return setProblem(apitip('enter the appeal message'));
    if (!proof.state.url) return setProblem(apitip('upload a proof image'));
    setProblem(undefined);
    send.mutate(
      { id: orderId, message: message.trim(), image: proof.state.url },
      {
        onSuccess: () => showToast(t('c2c.appeal.done'), 'success'),
        onError: (error) => setProblem(errorText(error)),
      },
    );
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4 px-4 py-4 sm:px-6" data-testid="appeal-form">
      {problem && <FormAlert testId="appeal-problem">{problem}</FormAlert>}
      <div className="flex flex-col gap-1.5">
        <label htmlFor={messageId} className="text-[0.8125rem] font-medium text-muted">
          {t('c2c.appeal.message')}
        </label>
        <textarea
          id={messageId}
          value={message}
          maxLength={MESSAGE_MAX}
          rows={4}
          onChange={(event) => setMessage(event.target.value)}
          placeholder={t('c2c.appeal.messageHint')}
          className="rounded-md border border-line bg-sunken px-3 py-2 text-[0.9375rem] text-fg outline-none placeholder:text-faint focus:border-brand"
          data-testid="appeal-message"
        />
      </div>
      <div className="flex flex-col gap-1.5">
        <span className="text-[0.8125rem] font-medium text-muted">{t('c2c.appeal.proof')}</span>
        <ImageUploadTile
          id={fileId}
          state={proof.state}
          onChoose={(file) => proof.choose(file)}
          alt={t('c2c.appeal.proof')}
          prompt={t('c2c.appeal.proofPrompt')}
          previewTestId="appeal-proof-preview"
          fileTestId="appeal-proof-file"
          className="h-36 w-full max-w-xs"
          fit="contain"
          markError
        />
        {proof.state.error && <p className="text-[0.8125rem] text-down">{proof.state.error}</p>}
      </div>
      <div className="flex justify-end">
        <Button type="submit" busy={send.isPending} disabled={proof.state.uploading} data-testid="appeal-submit">
          {t('c2c.appeal.submit')}
        </Button>
      </div>
    </form>
  );
}
