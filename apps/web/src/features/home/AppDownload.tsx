import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { configApi } from '../../api';
import { AndroidIcon, AppleIcon } from '../../components/icons';
import { useAppLinks } from '../news';

function isHttpUrl(value: string): boolean {
  return /^https?:\/\//i.test(value);
}

/** iOS and Android buttons whose popover shows a QR code of the download link (`/api/qrcode`). */
export function AppDownload() {
  const { t } = useTranslation();
  const links = useAppLinks();
  const ios = links.data?.ios || links.data?.app_download || '';
  const android = links.data?.android || links.data?.app_download || '';
  if (!ios && !android) return null;

  return (
    <div className="flex flex-col gap-2">
      <p className="text-xs text-faint">
        <span className="font-medium text-muted">{t('home.appsTitle')}</span> · {t('home.appsBody')}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        {ios && <AppButton url={ios} platform={t('home.ios')} icon={<AppleIcon size={16} />} />}
        {android && <AppButton url={android} platform={t('home.android')} icon={<AndroidIcon size={16} />} />}
      </div>
    </div>
  );
}

function AppButton({ url, platform, icon }: { url: string; platform: string; icon: ReactNode }) {
  const { t } = useTranslation();
  const qr = useMemo(() => configApi.qrcodeUrl(url), [url]);
  const caption = t('home.scanFor', { platform });
  const button =
    'inline-flex h-9 items-center gap-2 rounded-md border border-line bg-surface px-3 text-[0.8125rem] font-medium text-fg transition-colors hover:border-brand';
  return (
    <div className="group relative">
      {isHttpUrl(url) ? (
        <a href={url} target="_blank" rel="noopener noreferrer" className={button}>
          {icon}
          {platform}
        </a>
      ) : (
        <button type="button" className={button}>
          {icon}
          {platform}
        </button>
      )}
      <div
        role="tooltip"
        className="invisible absolute start-0 top-full z-30 mt-2 w-44 rounded-xl bg-surface p-3 text-center opacity-0 shadow-pop transition-opacity group-focus-within:visible group-focus-within:opacity-100 group-hover:visible group-hover:opacity-100"
      >
        <img src={qr} alt={caption} width={152} height={152} className="mx-auto size-38 rounded bg-white p-1.5" loading="lazy" />
        <p className="mt-2 text-xs text-muted">{caption}</p>
      </div>
    </div>
  );
}
