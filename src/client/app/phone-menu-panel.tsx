import * as DialogPrimitive from '@radix-ui/react-dialog';
import { LogIn } from 'lucide-react';
import type { ReactNode, RefObject } from 'react';
import { Link } from 'wouter';
import type { SessionUser } from '#shared/auth.js';
import { Button } from '@/components/ui/button';
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
};

type PhoneMenuProps = PhoneMenuPanelProps & {
  /** The menu button (its "Close menu" state), shown where it is in the bar and part of the dialog. */
  children: ReactNode;
  buttonRef: RefObject<HTMLButtonElement | null>;
  panelId: string;
  panelClassName: string;
};

/**
 * The open phone menu (loaded on demand): a modal Radix Dialog around the menu button and the
 * links' panel under the bar, so it looks as the bar does. Focus starts on the button and goes round
 * the button and the links; Escape or a tap outside closes it, with focus back on the button.
 */
export function PhoneMenu({ children, buttonRef, panelId, panelClassName, ...panel }: PhoneMenuProps) {
  const t = useT();
  return (
    <DialogPrimitive.Root open onOpenChange={(open) => !open && panel.close()}>
      <DialogPrimitive.Content
        aria-describedby={undefined}
        className="flex xl:hidden"
        onCloseAutoFocus={(event) => {
          // The closed menu's button is a new element: the dialog knows no trigger to go back to.
          event.preventDefault();
          buttonRef.current?.focus();
        }}
      >
        <DialogPrimitive.Title className="sr-only">{t('core.nav.menu')}</DialogPrimitive.Title>
        {children}
        <div id={panelId} className={panelClassName}>
          <PhoneMenuPanel {...panel} />
        </div>
      </DialogPrimitive.Content>
    </DialogPrimitive.Root>
  );
}

/** The phone menu's links. */
function PhoneMenuPanel({ user, unread, notifications, close, logoutButton }: PhoneMenuPanelProps) {
  const t = useT();
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
