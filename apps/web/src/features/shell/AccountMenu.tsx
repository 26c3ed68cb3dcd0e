import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HoverMenu, MenuItem, MenuSeparator, menuItemClass } from '../../components/HoverMenu';
import { BellIcon, ChevronDownIcon, LogoutIcon, ShieldIcon, UserIcon } from '../../components/icons';
import { showToast } from '../../components/toast-store';
import { maskAccount } from '../../lib/mask';
import { LOGIN_PATH } from '../../app/guards';
import { badgeText } from '../../lib/notices';
import { useUnreadCount } from '../account';
import { signOut, useSession, useSessionRefresh } from '../auth';

/** The signed-in user's menu: masked account, account pages (not for the demo account), logout. */
export function AccountMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useSessionRefresh();
  const accountNum = useSession((state) => state.accountNum);
  const isVistor = useSession((state) => state.isVistor);
  const masked = maskAccount(accountNum);
  const unread = useUnreadCount();

  async function logout() {
    await signOut();
    queryClient.removeQueries();
    showToast(t('session.loggedOut'), 'success', 2000);
    await navigate(LOGIN_PATH);
  }

  return (
    <HoverMenu
      triggerLabel={t('header.accountMenu')}
      triggerTestId="account-menu"
      triggerClassName="inline-flex h-9 items-center gap-2 rounded-md px-1.5 sm:px-2 text-fg hover:bg-raised data-[state=open]:bg-raised"
      trigger={
        <>
          <span className="grid size-7 shrink-0 place-items-center rounded-full bg-brand-soft text-brand">
            <UserIcon size={16} />
          </span>
          <span className="num hidden max-w-[12rem] truncate text-[0.8125rem] sm:inline" dir="ltr">
            {masked}
          </span>
          {isVistor && (
            <span className="hidden rounded bg-raised px-1.5 py-0.5 text-[0.6875rem] text-muted md:inline">
              {t('header.demo')}
            </span>
          )}
          <ChevronDownIcon size={14} className="hidden text-faint sm:block" />
        </>
      }
    >
      <div className="px-3 pt-2 pb-2">
        <p className="num truncate text-[0.8125rem] font-medium" dir="ltr">
          {masked}
        </p>
        {isVistor && <p className="text-xs text-muted">{t('header.demo')}</p>}
      </div>
      <MenuSeparator className="my-1 h-px bg-line" />
      {!isVistor && (
        <>
          <MenuItem className={menuItemClass} onSelect={() => void navigate('/account')}>
            <UserIcon size={16} className="text-muted" />
            {t('header.accountCentre')}
          </MenuItem>
          <MenuItem className={menuItemClass} onSelect={() => void navigate('/account/accountSet')}>
            <ShieldIcon size={16} className="text-muted" />
            {t('header.security')}
          </MenuItem>
          <MenuItem className={menuItemClass} data-testid="menu-messages" onSelect={() => void navigate('/account/accountMessage')}>
            <BellIcon size={16} className="text-muted" />
            {t('page.accountMessage')}
            {unread > 0 && <span className="num ms-auto rounded-full bg-down px-1.5 text-[0.6875rem] font-semibold text-white">{badgeText(unread)}</span>}
          </MenuItem>
          <MenuSeparator className="my-1 h-px bg-line" />
        </>
      )}
      <MenuItem className={menuItemClass} data-testid="logout" onSelect={() => void logout()}>
        <LogoutIcon size={16} className="text-muted rtl:-scale-x-100" />
        {t('header.logout')}
      </MenuItem>
    </HoverMenu>
  );
}
