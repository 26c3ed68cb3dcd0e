import { useOperator } from '../../app/auth';
import type { Section } from '../../app/section';
import { ALL_ROLES } from '../../app/section';
import { PageHeader, Panel } from '../../components/PageHeader';
import { TotpEnrolment } from './TotpEnrolment';

function AccountScreen() {
  const me = useOperator();
  return (
    <div className="max-w-md">
      <PageHeader title="My account" />
      <Panel title="Two-factor authentication">
        {me.totp ? <p className="text-sm text-muted">On. Ask an admin to reset it if you lose your device and recovery codes.</p> : <TotpEnrolment />}
      </Panel>
    </div>
  );
}

export const accountSection: Section = { path: 'account', label: 'My account', roles: ALL_ROLES, Screen: AccountScreen, group: 'admin' };
