import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { buttonVariants } from '@/components/ui/button';
import { badgeCount, messagesLinkLabel } from '@/features/conversations/unread';
import { cn } from '@/lib/utils';

type NavLinkProps = { href: string; children: ReactNode; className?: string; onNavigate?: () => void };

export function NavLink({ href, children, className, onNavigate }: NavLinkProps) {
  const [location] = useLocation();
  const active = location === href;
  return (
    <Link
      href={href}
      aria-current={active ? 'page' : undefined}
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

/**
 * 'Messages' with the unread count: a badge for the eye, words for screen readers, so the link
 * reads 'Messages' or 'Messages, 2 unread'.
 */
export function MessagesNavLink({ unread, className, onNavigate }: { unread: number; className?: string; onNavigate?: () => void }) {
  const label = messagesLinkLabel(unread);
  return (
    <NavLink href="/messages" className={className} onNavigate={onNavigate}>
      Messages
      {unread > 0 ? (
        <>
          <span className="sr-only">{label.slice('Messages'.length)}</span>
          <span
            aria-hidden="true"
            className="flex h-5 min-w-5 items-center justify-center rounded-full bg-primary px-1.5 text-xs leading-none font-bold text-primary-foreground"
          >
            {badgeCount(unread)}
          </span>
        </>
      ) : null}
    </NavLink>
  );
}
