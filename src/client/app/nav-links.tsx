import { Bell } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { buttonVariants } from '@/components/ui/button';
import { badgeCount } from '@/features/conversations/unread';
import { cn } from '@/lib/utils';
import { useT } from '@/lib/i18n';

type NavLinkProps = {
  href: string;
  children: ReactNode;
  className?: string;
  onNavigate?: () => void;
  /** The accessible name, when it says more than the text. */ label?: string;
};

export function NavLink({ href, children, className, onNavigate, label }: NavLinkProps) {
  const [location] = useLocation();
  const active = location === href;
  return (
    <Link
      href={href}
      aria-current={active ? 'page' : undefined}
      aria-label={label}
      onClick={onNavigate}
      className={cn(
        buttonVariants({ variant: 'ghost' }),
        'text-muted-foreground hover:text-foreground',
        active && 'bg-primary-soft text-primary-soft-foreground hover:bg-primary-soft hover:text-primary-soft-foreground',
        className,
      )}
    >
      {children}
    </Link>
  );
}

/** The count on a link, for the eye only (the link's name says it in words), capped so it stays a small circle. */
function UnreadBadge({ unread, className }: { unread: number; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'flex h-5 min-w-5 items-center justify-center rounded-full bg-primary px-1.5 text-xs leading-none font-bold text-primary-foreground',
        className,
      )}
    >
      {badgeCount(unread)}
    </span>
  );
}

/**
 * 'Messages' with the unread count: a badge for the eye, words for screen readers, so the link
 * reads 'Messages' or 'Messages, 2 unread'.
 */
export function MessagesNavLink({ unread, className, onNavigate }: { unread: number; className?: string; onNavigate?: () => void }) {
  const t = useT();
  return (
    <NavLink href="/messages" className={className} onNavigate={onNavigate}>
      {t('core.nav.messages')}
      {unread > 0 ? (
        <>
          <span className="sr-only">, {t('core.nav.messagesUnread', { count: unread })}</span>
          <UnreadBadge unread={unread} />
        </>
      ) : null}
    </NavLink>
  );
}

/**
 * The bell: a link to /notifications named 'Notifications' or 'Notifications, 3 unread'. On wide
 * screens only the icon shows (with the count on it); in the phone menu the word too.
 */
export function NotificationsNavLink({
  unread,
  iconOnly = false,
  className,
  onNavigate,
}: {
  unread: number;
  iconOnly?: boolean;
  className?: string;
  onNavigate?: () => void;
}) {
  const t = useT();
  const name = unread > 0 ? t('core.nav.notificationsUnread', { count: unread }) : t('core.nav.notifications');
  return (
    <NavLink href="/notifications" className={cn(iconOnly && 'relative px-2.5', className)} onNavigate={onNavigate} label={name}>
      <Bell aria-hidden="true" />
      {iconOnly ? null : t('core.nav.notifications')}
      {unread > 0 ? (
        <UnreadBadge unread={unread} className={iconOnly ? 'absolute -top-0.5 -right-0.5 ring-2 ring-card' : undefined} />
      ) : null}
    </NavLink>
  );
}
