import { clsx } from 'clsx';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apitip } from '../api';
import { checkImageFile } from '../lib/forms';
import { CheckCircleIcon, UploadIcon } from './icons';
import { Spinner } from './Spinner';

/** One picked image: its local preview, the URL the server gave it, or why it was refused. */
export interface ImageUploadState {
  preview?: string;
  url?: string;
  uploading?: boolean;
  error?: string;
}

/**
 * Picks one image and uploads it at once (identity photos, a deposit proof): the type and size are
 * checked first, the local preview shows while it uploads. `describeError` words a failed upload
 * (the screens word server refusals their own way). `choose` says whether an upload started.
 */
export function useImageUpload(upload: (file: File) => Promise<string>, describeError: (error: unknown) => string) {
  const [state, setState] = useState<ImageUploadState>({});

  // The preview is an object URL: free it when another replaces it or the form goes away.
  const preview = state.preview;
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  function choose(file: File | undefined): boolean {
    if (!file) return false;
    const problem = checkImageFile(file);
    if (problem) {
      setState((current) => ({ ...current, error: apitip(problem) }));
      return false;
    }
    const next = URL.createObjectURL(file);
    setState({ preview: next, uploading: true });
    // A result lands only while its image is still the chosen one (a later pick wins).
    const settle = (result: ImageUploadState) => setState((current) => (current.preview === next ? { preview: next, ...result } : current));
    upload(file).then(
      (url) => settle({ url }),
      (error: unknown) => settle({ error: describeError(error) }),
    );
    return true;
  }

  return { state, choose };
}

interface ImageUploadTileProps {
  /** The file input's id, so a label elsewhere (a "replace" link) can open it too. */
  id: string;
  state: ImageUploadState;
  onChoose(file: File | undefined): void;
  /** The picture's alternative text. */
  alt: string;
  /** The call to action while nothing is chosen. */
  prompt: string;
  previewTestId: string;
  fileTestId: string;
  /** Size and extra look of the tile (a fixed height, an aspect ratio). */
  className?: string;
  /** How the picture fills the tile. */
  fit?: 'contain' | 'cover';
  /** Draws the border red while the image has an error. */
  markError?: boolean;
}

/**
 * A drop-style tile over a hidden file input (JPEG or PNG): the prompt, then the preview with an
 * "uploading" veil and an "uploaded" badge. `data-uploaded` on the preview tells tests the upload is done.
 */
export function ImageUploadTile({ id, state, onChoose, alt, prompt, previewTestId, fileTestId, className, fit = 'cover', markError = false }: ImageUploadTileProps) {
  const { t } = useTranslation();
  return (
    <label
      htmlFor={id}
      className={clsx(
        'group relative flex cursor-pointer flex-col items-center justify-center gap-1.5 overflow-hidden rounded-lg border border-dashed bg-sunken text-center',
        markError && state.error ? 'border-down' : 'border-line-strong hover:border-brand',
        className,
      )}
    >
      {state.preview ? (
        <img
          src={state.preview}
          alt={alt}
          data-testid={previewTestId}
          data-uploaded={state.url ? 'true' : 'false'}
          className={clsx('absolute inset-0 size-full', fit === 'cover' ? 'object-cover' : 'object-contain')}
        />
      ) : (
        <>
          <UploadIcon size={22} className="text-faint group-hover:text-brand" />
          <span className="text-[0.8125rem] text-muted">{prompt}</span>
        </>
      )}
      {state.uploading && (
        <span className="absolute inset-0 grid place-items-center bg-overlay text-brand-fg">
          <span className="flex items-center gap-2 text-[0.8125rem]">
            <Spinner size={16} />
            {t('kyc.uploading')}
          </span>
        </span>
      )}
      {state.url && !state.uploading && (
        <span className="absolute end-2 top-2 inline-flex items-center gap-1 rounded-full bg-surface/90 px-2 py-0.5 text-[0.6875rem] font-medium text-up">
          <CheckCircleIcon size={13} />
          {t('kyc.uploaded')}
        </span>
      )}
      <input
        id={id}
        type="file"
        accept="image/jpeg,image/png,.jpg,.jpeg,.png"
        className="sr-only"
        data-testid={fileTestId}
        onChange={(event) => {
          onChoose(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
    </label>
  );
}
