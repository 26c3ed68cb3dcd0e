import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { apitip, securityApi, type UserCenter } from '../../api';
import { Button, ButtonLink } from '../../components/Button';
import { AlertIcon, CheckCircleIcon, HourglassIcon } from '../../components/icons';
import { ImageUploadTile, useImageUpload, type ImageUploadState } from '../../components/ImageUpload';
import { Loading } from '../../components/Spinner';
import { StatePanel } from '../../components/StatePanel';
import { TextField } from '../../components/TextField';
import { showToast } from '../../components/toast-store';
import { checkCardId, checkRealName } from '../../lib/forms';
import { errorText, FormAlert, useUserCenter } from '../auth';
import { GuestNotice, LoadFailed, SECURITY_PATH, useIsGuest, useRefreshAccount } from './common';

const PHOTOS = ['front', 'reverse', 'hand'] as const;
type Photo = (typeof PHOTOS)[number];

/** `/account/authentication`: real-name verification by its review state. */
export function IdentityPage() {
  const { t } = useTranslation();
  const center = useUserCenter();
  const guest = useIsGuest();

  let body;
  if (guest) body = <GuestNotice />;
  else if (center.isPending) body = <Loading label={t('common.loading')} />;
  else if (center.isError) body = <LoadFailed onRetry={() => void center.refetch()} />;
  else if (center.data.review_status === 1) {
    body = (
      <StatePanel
        testId="kyc-pending"
        tone="brand"
        icon={<HourglassIcon size={26} />}
        title={t('kyc.pendingTitle')}
        body={t('kyc.pendingBody')}
        actions={<ButtonLink to={SECURITY_PATH} variant="secondary">{t('form.backToSecurity')}</ButtonLink>}
      />
    );
  } else if (center.data.review_status === 2) body = <Approved center={center.data} />;
  else body = <IdentityForm rejectReason={center.data.reject_reason} />;

  return (
    <div className="rounded-xl border border-line bg-surface" data-testid="kyc-page">
      <header className="border-b border-line px-4 py-4 sm:px-6">
        <h2 className="text-lg font-semibold text-fg">{t('kyc.title')}</h2>
        <p className="mt-0.5 text-[0.8125rem] text-muted">{t('kyc.subtitle')}</p>
      </header>
      {body}
    </div>
  );
}

/** Keeps the first character of a name and hides the rest (an approved identity shows the name masked). */
function maskName(name: string): string {
  const chars = [...name.trim()];
  if (chars.length <= 1) return name;
  return `${chars[0]}${'*'.repeat(Math.min(chars.length - 1, 6))}`;
}

function Approved({ center }: { center: UserCenter }) {
  const { t } = useTranslation();
  return (
    <StatePanel
      testId="kyc-approved"
      tone="brand"
      icon={<CheckCircleIcon size={26} />}
      title={t('kyc.approvedTitle')}
      body={
        <>
          <p>{t('kyc.approvedBody')}</p>
          <dl className="mx-auto mt-5 grid w-full max-w-xs grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-lg border border-line bg-raised px-4 py-3 text-start text-[0.8125rem]">
            <dt className="text-faint">{t('kyc.name')}</dt>
            <dd className="text-end font-medium text-fg" data-testid="kyc-approved-name">
              {maskName(center.name)}
            </dd>
            <dt className="text-faint">{t('kyc.card')}</dt>
            <dd className="num text-end font-medium text-fg" dir="ltr" data-testid="kyc-approved-card">
              {center.card_id}
            </dd>
          </dl>
        </>
      }
    />
  );
}

function IdentityForm({ rejectReason }: { rejectReason: string }) {
  const { t } = useTranslation();
  const refresh = useRefreshAccount();
  const [name, setName] = useState('');
  const [cardId, setCardId] = useState('');
  const photos: Record<Photo, ReturnType<typeof useImageUpload>> = {
    front: useImageUpload(securityApi.uploadImage, errorText),
    reverse: useImageUpload(securityApi.uploadImage, errorText),
    hand: useImageUpload(securityApi.uploadImage, errorText),
  };
  const [errors, setErrors] = useState<{ name?: string; card?: string; photos?: string }>({});

  const submit = useMutation({
    mutationFn: () =>
      securityApi.submitIdentity({
        name: name.trim(),
        card_id: cardId.trim(),
        front_pic: photos.front.state.url ?? '',
        reverse_pic: photos.reverse.state.url ?? '',
        hand_pic: photos.hand.state.url ?? '',
      }),
    onSuccess: async () => {
      showToast(t('kyc.submitted'), 'success', 4000);
      await refresh();
    },
  });

  function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const nameProblem = checkRealName(name);
    const cardProblem = checkCardId(cardId);
    const missing = PHOTOS.some((photo) => !photos[photo].state.url);
    setErrors({
      name: nameProblem && apitip(nameProblem),
      card: cardProblem && apitip(cardProblem),
      photos: missing ? apitip('upload all three photos') : undefined,
    });
    if (nameProblem || cardProblem || missing) return;
    submit.mutate();
  }

  const uploading = PHOTOS.some((photo) => photos[photo].state.uploading);

  return (
    <form noValidate onSubmit={send} className="flex flex-col gap-5 px-4 py-5 sm:px-6 sm:py-6" data-testid="kyc-form">
      {rejectReason && (
        <div
          role="alert"
          data-testid="kyc-reject-reason"
          className="flex gap-3 rounded-lg border border-down/30 bg-danger-soft px-4 py-3 text-[0.8125rem]"
        >
          <AlertIcon size={18} className="mt-px shrink-0 text-down" />
          <div>
            <p className="font-medium text-down">{t('kyc.rejectedTitle')}</p>
            <p className="mt-0.5 text-fg">{t('kyc.rejectedBody', { reason: rejectReason.trim().replace(/[.。!！]+$/u, '') })}</p>
          </div>
        </div>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t('kyc.name')}
          name="name"
          autoComplete="name"
          maxLength={60}
          placeholder={t('kyc.namePlaceholder')}
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={errors.name}
          data-testid="kyc-name"
        />
        <TextField
          label={t('kyc.card')}
          name="card_id"
          autoComplete="off"
          ltrValue
          maxLength={32}
          placeholder={t('kyc.cardPlaceholder')}
          value={cardId}
          onChange={(event) => setCardId(event.target.value)}
          error={errors.card}
          data-testid="kyc-card"
        />
      </div>
      <fieldset>
        <legend className="text-[0.8125rem] font-medium text-muted">{t('kyc.photos')}</legend>
        <p className="mt-0.5 text-xs text-faint">{t('kyc.photoRules')}</p>
        <div className="mt-3 grid gap-3 sm:grid-cols-3">
          {PHOTOS.map((photo) => (
            <PhotoTile
              key={photo}
              photo={photo}
              state={photos[photo].state}
              onChoose={(file) => {
                if (photos[photo].choose(file)) setErrors((current) => ({ ...current, photos: undefined }));
              }}
            />
          ))}
        </div>
        {errors.photos && <p className="mt-2 text-[0.8125rem] text-down">{errors.photos}</p>}
      </fieldset>
      {submit.isError && <FormAlert testId="kyc-error">{errorText(submit.error)}</FormAlert>}
      <div className="flex justify-end">
        <Button
          type="submit"
          size="lg"
          busy={submit.isPending}
          disabled={uploading}
          data-testid="kyc-submit"
          className="w-full sm:w-auto sm:min-w-48"
        >
          {submit.isPending ? t('kyc.submitting') : t('kyc.submit')}
        </Button>
      </div>
    </form>
  );
}

const PHOTO_LABEL = { front: 'kyc.front', reverse: 'kyc.reverse', hand: 'kyc.hand' } as const;

/** One photo: its upload tile, its name, a way to replace it and its error. */
function PhotoTile({ photo, state, onChoose }: { photo: Photo; state: ImageUploadState; onChoose(file: File | undefined): void }) {
  const { t } = useTranslation();
  const inputId = useId();
  const label = t(PHOTO_LABEL[photo]);
  return (
    <div className="flex flex-col gap-1.5">
      <ImageUploadTile
        id={inputId}
        state={state}
        onChoose={onChoose}
        alt={label}
        prompt={t('kyc.choose')}
        previewTestId={`kyc-preview-${photo}`}
        fileTestId={`kyc-file-${photo}`}
        className="aspect-[8/5] transition-colors"
        markError
      />
      <div className="flex items-center justify-between gap-2">
        <span className="text-[0.8125rem] text-fg">{label}</span>
        {state.preview && !state.uploading && (
          <label htmlFor={inputId} className="cursor-pointer text-xs text-brand hover:underline">
            {t('kyc.replace')}
          </label>
        )}
      </div>
      {state.error && <p className="text-[0.8125rem] text-down">{state.error}</p>}
    </div>
  );
}
