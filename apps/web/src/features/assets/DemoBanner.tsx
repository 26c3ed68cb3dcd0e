import { useTranslation } from 'react-i18next';
import { FlaskIcon } from '../../components/icons';

/** The mark of the mock screens (finanrec): sample figures, not the user's. */
export function DemoBanner() {
  const { t } = useTranslation();
  return (
    <div
      role="note"
      data-testid="demo-data"
      className="flex items-start gap-3 border-b border-warn/40 bg-warn/10 px-4 py-3 text-[0.8125rem] text-fg sm:px-6"
    >
      <span className="mt-px inline-flex shrink-0 items-center gap-1 rounded-full bg-warn px-2 py-0.5 text-[0.6875rem] font-semibold tracking-wide text-canvas uppercase">
        <FlaskIcon size={12} />
        {t('assets.demo.badge')}
      </span>
      <span>{t('assets.demo.body')}</span>
    </div>
  );
}
