import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';
import { CopyIcon } from '../../components/icons';
import { showToast } from '../../components/toast-store';

/** Puts a text on the clipboard: the Clipboard API, else the older selection copy. */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // fall through to the selection copy
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

/** Copies an address; success or failure is told in a toast. */
export function CopyButton({ text, testId }: { text: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <Button
      variant="secondary"
      size="sm"
      disabled={!text}
      data-testid={testId}
      onClick={() => {
        void copyText(text).then((done) =>
          done ? showToast(t('assets.copied'), 'success', 1500) : showToast(t('assets.copyFailed'), 'error'),
        );
      }}
    >
      <CopyIcon size={15} />
      {t('assets.copy')}
    </Button>
  );
}
