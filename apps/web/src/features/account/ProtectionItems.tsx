import { useMutation } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { apitip, protectionApi } from '../../api';
import { Button } from '../../components/Button';
import { ClockIcon, MailIcon, ShieldIcon, UsersIcon } from '../../components/icons';
import { Modal } from '../../components/Modal';
import { showToast } from '../../components/toast-store';
import { displayServerTime } from '../../lib/format';
import { FormAlert, GoogleCodeField, errorText } from '../auth';
import { useProtection, useRefreshProtection } from './protection-queries';
import { ActionLink, type ItemProps } from './SecurityItem';

interface ProtectionItemsProps {
  authenticatorBound: boolean;
  renderItem(item: ItemProps): ReactNode;
}

/** The security centre's protection rows: the anti-phishing code, the address allow-list, sessions and login history. */
export function ProtectionItems({ authenticatorBound, renderItem }: ProtectionItemsProps) {
  const { t } = useTranslation();
  const protection = useProtection();
  const [switching, setSwitching] = useState(false);
  const view = protection.data;
  const allowListOn = view?.allow_list === 1;
  return (
    <>
      {renderItem({
        id: 'anti-phishing',
        icon: <MailIcon />,
        title: t('protection.antiPhishingTitle'),
        body: t('protection.antiPhishingBody'),
        status: view?.anti_phishing_code ? { text: t('security.isSet'), tone: 'ok' } : { text: t('security.notSet'), tone: 'off' },
        action: (
          <ActionLink to="/antiPhishing" id="anti-phishing">
            {view?.anti_phishing_code ? t('security.change') : t('security.set')}
          </ActionLink>
        ),
      })}
      {renderItem({
        id: 'allow-list',
        icon: <ShieldIcon />,
        title: t('protection.allowListTitle'),
        body: t('protection.allowListBody', { hours: view?.wait_hours ?? 24 }),
        status: allowListOn
          ? view.allow_list_off_at
            ? { text: t('protection.allowListOffAt', { time: displayServerTime(view.allow_list_off_at) }), tone: 'warn' }
            : { text: t('protection.on'), tone: 'ok' }
          : { text: t('protection.off'), tone: 'off' },
        action: (
          <Button
            variant="outline"
            size="sm"
            className="min-w-20"
            data-testid="security-action-allow-list"
            disabled={!view || (allowListOn && view.allow_list_off_at !== null)}
            onClick={() => (authenticatorBound ? setSwitching(true) : showToast(apitip('bind google authenticator first'), 'info'))}
          >
            {allowListOn ? t('protection.turnOff') : t('protection.turnOn')}
          </Button>
        ),
      })}
      {renderItem({
        id: 'sessions',
        icon: <UsersIcon />,
        title: t('protection.sessionsTitle'),
        body: t('protection.sessionsBody'),
        action: (
          <ActionLink to="/account/sessions" id="sessions">
            {t('security.view')}
          </ActionLink>
        ),
      })}
      {renderItem({
        id: 'history',
        icon: <ClockIcon />,
        title: t('protection.historyTitle'),
        body: t('protection.historyBody'),
        action: (
          <ActionLink to="/account/sessions" id="history">
            {t('security.view')}
          </ActionLink>
        ),
      })}
      {view && <AllowListDialog open={switching} onOpenChange={setSwitching} turningOn={!allowListOn} waitHours={view.wait_hours} />}
    </>
  );
}

/** Switching the allow-list asks for the authenticator code; turning it off takes the waiting period. */
function AllowListDialog({ open, onOpenChange, turningOn, waitHours }: { open: boolean; onOpenChange(open: boolean): void; turningOn: boolean; waitHours: number }) {
  const { t } = useTranslation();
  const refresh = useRefreshProtection();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const change = useMutation({
    mutationFn: () => protectionApi.switchAllowList(turningOn, code.trim()),
    onSuccess: async () => {
      showToast(turningOn ? t('protection.allowListTurnedOn') : t('protection.allowListTurningOff', { hours: waitHours }), 'success', 4000);
      setCode('');
      onOpenChange(false);
      await refresh();
    },
  });
  function confirm() {
    const problem = code.trim() ? undefined : apitip('google code required');
    setError(problem);
    if (!problem) change.mutate();
  }
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={turningOn ? t('protection.turnOnTitle') : t('protection.turnOffTitle')}
      testId="allow-list-dialog"
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t('common.cancel')}
          </Button>
          <Button busy={change.isPending} onClick={confirm} data-testid="allow-list-confirm">
            {t('form.confirm')}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-4">
        <p className="text-[0.8125rem] text-muted">{turningOn ? t('protection.turnOnBody', { hours: waitHours }) : t('protection.turnOffBody', { hours: waitHours })}</p>
        <GoogleCodeField value={code} onChange={setCode} error={error} testIdPrefix="allow-list" autoFocus />
        {change.isError && <FormAlert testId="allow-list-error">{errorText(change.error)}</FormAlert>}
      </div>
    </Modal>
  );
}
