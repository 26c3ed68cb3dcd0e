import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button, ButtonLink } from '../../components/Button';
import { AlertIcon, CompassIcon } from '../../components/icons';
import { StatePanel } from '../../components/StatePanel';
import { ShellLayout } from './ShellLayout';

/** What the visitor sees when a screen fails to load (a new release replaced its chunk, a fault). */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound) console.error('[route] screen failed', error);
  return (
    <ShellLayout>
      {notFound ? (
        <StatePanel
          as="h1"
          testId="not-found"
          icon={<CompassIcon size={26} />}
          eyebrow="404"
          title={t('notFound.title')}
          body={t('notFound.body')}
          actions={<ButtonLink to="/">{t('common.backHome')}</ButtonLink>}
          className="my-auto"
        />
      ) : (
        <StatePanel
          as="h1"
          tone="danger"
          icon={<AlertIcon size={26} />}
          title={t('common.loadFailed')}
          actions={
            <>
              <Button onClick={() => window.location.reload()}>{t('common.retry')}</Button>
              <ButtonLink to="/" variant="secondary">
                {t('common.backHome')}
              </ButtonLink>
            </>
          }
          className="my-auto"
        />
      )}
    </ShellLayout>
  );
}
