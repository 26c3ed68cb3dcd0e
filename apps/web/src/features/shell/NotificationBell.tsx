import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BellIcon } from '../../components/icons';
import { badgeText } from '../../lib/notices';
import { useNotificationPushes, useUnreadCount } from '../account';

/** The header's way to the messages, with the unread count as a badge. */
export function NotificationBell() {
  const { t } = useTranslation();
  useNotificationPushes();
  const unread = useUnreadCount();
  const badge = badgeText(unread);
  return (
    <Link
      to="/account/accountMessage"
      data-testid="notification-bell"
      data-unread={unread}
      aria-label={badge ? t('messages.bellUnread', { count: unread }) : t('page.accountMessage')}
      className="relative inline-flex size-9 items-center justify-center rounded-md text-muted hover:bg-raised hover:text-fg"
    >
      <BellIcon size={18} />
      {badge && (
        <span
          data-testid="notification-badge"
          className="num absolute -end-0.5 -top-0.5 min-w-[1.125rem] rounded-full bg-down px-1 text-center text-[0.625rem] leading-[1.125rem] font-semibold text-white"
        >
          {badge}
        </span>
      )}
    </Link>
  );
}
