import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/Button';
import { CompassIcon } from '../../components/icons';
import { StatePanel } from '../../components/StatePanel';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-1 items-center justify-center px-4 py-16">
      <StatePanel
        as="h1"
        testId="not-found"
        icon={<CompassIcon size={26} />}
        eyebrow="404"
        title={t('notFound.title')}
        body={t('notFound.body')}
        actions={
          <>
            <ButtonLink to="/">{t('common.backHome')}</ButtonLink>
            <ButtonLink to="/noticeList" variant="secondary">
              {t('soon.announcements')}
            </ButtonLink>
          </>
        }
      />
    </div>
  );
}
