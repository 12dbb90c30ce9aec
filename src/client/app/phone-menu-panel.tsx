import { LogIn } from 'lucide-react';
import type { ReactNode, RefObject } from 'react';
import { Link } from 'wouter';
import type { SessionUser } from '../../shared/auth.js';
import { Button } from '@/components/ui/button';
import { useFocusTrap } from '@/lib/use-focus-trap';
import { T, useT } from '@/lib/i18n';
import { accountLinks } from './account-links';
import { LanguagePicker } from './language-picker';
import { MessagesNavLink, NavLink, NotificationsNavLink } from './nav-links';

type PhoneMenuPanelProps = {
  /** The signed-in user, null for a visitor, undefined while that is not known yet. */
  user: SessionUser | null | undefined;
  unread: number;
  notifications: number;
  close: () => void;
  logoutButton: ReactNode;
  /** The menu button and the panel: while the menu is open, Tab goes round them (use-phone-menu.ts). */
  trap: RefObject<HTMLElement | null>[];
};

/** The phone menu's links (rendered in the nav bar's panel while the menu is open; loaded on demand). */
export function PhoneMenuPanel({ user, unread, notifications, close, logoutButton, trap }: PhoneMenuPanelProps) {
  const t = useT();
  useFocusTrap(true, trap);
  return (
    <ul className="mx-auto grid max-w-6xl gap-1 px-4 py-3">
      <li>
        <NavLink href="/home" className="w-full justify-start" onNavigate={close}>
          {t('core.nav.home')}
        </NavLink>
      </li>
      <li>
        <NavLink href="/search" className="w-full justify-start" onNavigate={close}>
          {t('core.nav.search')}
        </NavLink>
      </li>
      {user === undefined ? null : user ? (
        <>
          <li>
            <NavLink href="/post-item" className="w-full justify-start" onNavigate={close}>
              {t('core.nav.shareSomething')}
            </NavLink>
          </li>
          <li>
            <MessagesNavLink unread={unread} className="w-full justify-start" onNavigate={close} />
          </li>
          <li>
            <NotificationsNavLink unread={notifications} className="w-full justify-start" onNavigate={close} />
          </li>
          <li className="mt-2 border-t border-border pt-2">
            <ul className="grid gap-1" aria-label={t('core.nav.yourAccount')}>
              {accountLinks(user).map(({ href, label, icon: Icon }) => (
                <li key={href}>
                  <NavLink href={href} className="w-full justify-start" onNavigate={close}>
                    <Icon aria-hidden="true" />
                    {t(label)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </li>
          <li className="mt-2 border-t border-border pt-3">
            <p className="mb-2 px-1 text-sm text-muted-foreground">
              <T
                id="core.nav.signedInAs"
                values={{ username: user.username }}
                components={{ 0: <span className="font-medium text-foreground" /> }}
              />
            </p>
            {logoutButton}
          </li>
        </>
      ) : (
        <>
          <li>
            <NavLink href="/browse" className="w-full justify-start" onNavigate={close}>
              {t('core.nav.browse')}
            </NavLink>
          </li>
          <li className="mt-2 border-t border-border pt-3">
            <Button asChild className="w-full">
              <Link href="/auth" onClick={close}>
                <LogIn aria-hidden="true" />
                {t('core.nav.signIn')}
              </Link>
            </Button>
          </li>
        </>
      )}
      <li className="mt-2 border-t border-border pt-3">
        <LanguagePicker />
      </li>
    </ul>
  );
}
