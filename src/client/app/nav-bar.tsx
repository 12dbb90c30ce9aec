import { LogIn, LogOut, Menu, X } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link, useLocation } from 'wouter';
import { PRODUCT_NAME } from '#shared/constants.js';
import { BrandMark } from '@/components/brand-mark';
import { ShareSomethingButton } from '@/components/share-something-button';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useLogout } from '@/features/auth/api';
import { useAuth } from '@/features/auth/auth-provider';
import { useUnreadCount } from '@/features/conversations/unread';
import { useNotificationCount } from '@/features/notifications/unread';
import { getErrorMessage } from '@/lib/request';
import { AccountMenuButton } from './account-menu';
import { MessagesNavLink, NavLink, NotificationsNavLink } from './nav-links';
import { usePhoneMenu } from './use-phone-menu';
import { useT } from '@/lib/i18n';
import { LanguagePicker } from './language-picker';

// The phone menu (its links, the account links' icons, Radix Dialog) loads when the menu button is
// pointed at, focused or pressed: not part of the first load of /browse (docs/decisions/021).
const loadPhoneMenu = () => import('./phone-menu-panel');
const PhoneMenu = lazy(async () => ({ default: (await loadPhoneMenu()).PhoneMenu }));
const preloadPhoneMenu = () => void loadPhoneMenu();

// Phones: the bar's full width. Tablets: a panel under the button, as wide as its links need.
const PANEL_CLASS =
  'absolute inset-x-0 top-full border-y border-border bg-card shadow-lg sm:inset-x-auto sm:right-4 sm:mt-1 sm:w-80 sm:rounded-lg sm:border xl:hidden';

export function NavBar() {
  const { user, isLoading } = useAuth();
  const logout = useLogout();
  const [, navigate] = useLocation();
  // Taken apart, so that the refs are passed on as refs and the rest read as plain values.
  const { open: menuOpen, toggle: toggleMenu, close: closeMenu, panelId, buttonRef } = usePhoneMenu();
  const unread = useUnreadCount(Boolean(user));
  const notifications = useNotificationCount(Boolean(user));
  const t = useT();

  const onLogout = () => {
    logout.mutate(undefined, {
      onSuccess: () => navigate('/auth'),
      onError: (error) => toast({ variant: 'destructive', title: t('core.nav.logoutFailed'), description: getErrorMessage(error) }),
    });
  };

  const logoutButton = (className?: string) => (
    <Button variant="outline" onClick={onLogout} disabled={logout.isPending} aria-busy={logout.isPending} className={className}>
      {logout.isPending ? <Spinner /> : <LogOut aria-hidden="true" />}
      {t('core.nav.logout')}
    </Button>
  );

  const menuButton = (
    <Button
      ref={buttonRef}
      variant="ghost"
      size="icon"
      className="relative -mr-2 xl:hidden [&_svg]:size-6"
      aria-expanded={menuOpen}
      aria-haspopup="dialog"
      aria-controls={menuOpen ? panelId : undefined}
      aria-label={menuOpen ? t('core.nav.closeMenu') : t('core.nav.openMenu')}
      onClick={toggleMenu}
      onPointerEnter={preloadPhoneMenu}
      onFocus={preloadPhoneMenu}
    >
      {menuOpen ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
      {/* Unread messages or notifications wait inside the menu: a dot on its button says so. */}
      {(unread > 0 || notifications > 0) && !menuOpen ? (
        <span aria-hidden="true" className="absolute top-2 right-2 size-2.5 rounded-full bg-primary ring-2 ring-card" />
      ) : null}
    </Button>
  );

  return (
    <header className="sticky top-0 z-40 border-b border-border bg-card/95 backdrop-blur supports-[backdrop-filter]:bg-card/85">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6 xl:max-w-7xl">
        <Link
          href="/home"
          className="-ml-1 flex min-h-11 items-center gap-2 rounded-lg px-1 text-lg font-bold tracking-tight text-foreground"
        >
          <BrandMark />
          {PRODUCT_NAME}
        </Link>

        <nav aria-label={t('core.nav.main')} className="flex items-center">
          {/* Wide screens: the links in a row. */}
          <ul className="hidden items-center gap-1 xl:flex">
            {/* Narrower than the buttons' padding: with the bell, the Spanish row must still fit 1280 px. */}
            <li>
              <NavLink href="/home" className="px-3">
                {t('core.nav.home')}
              </NavLink>
            </li>
            <li>
              <NavLink href="/search" className="px-3">
                {t('core.nav.search')}
              </NavLink>
            </li>
            {isLoading ? null : user ? (
              <>
                <li>
                  <MessagesNavLink unread={unread} className="px-3" />
                </li>
                <li>
                  <NotificationsNavLink unread={notifications} iconOnly />
                </li>
                <li className="ml-2">
                  <ShareSomethingButton />
                </li>
                <li className="ml-2">
                  <AccountMenuButton user={user} />
                </li>
                <li className="ml-1">{logoutButton()}</li>
              </>
            ) : (
              <>
                {/* A visitor's way to the items (Home asks them to sign in). */}
                <li>
                  <NavLink href="/browse" className="px-3">
                    {t('core.nav.browse')}
                  </NavLink>
                </li>
                <li className="ml-2">
                  <Button asChild>
                    <Link href="/auth">
                      <LogIn aria-hidden="true" />
                      {t('core.nav.signIn')}
                    </Link>
                  </Button>
                </li>
              </>
            )}
            <li className="ml-1">
              <LanguagePicker compact />
            </li>
          </ul>

          {/* Phones: one menu button; open, it and the links' panel under the bar are a modal dialog. */}
          {menuOpen ? (
            <Suspense
              fallback={
                <div className="flex xl:hidden">
                  {menuButton}
                  <div className={PANEL_CLASS}>
                    <Spinner className="mx-auto my-4" />
                  </div>
                </div>
              }
            >
              <PhoneMenu
                panelId={panelId}
                panelClassName={PANEL_CLASS}
                buttonRef={buttonRef}
                user={isLoading ? undefined : user}
                unread={unread}
                notifications={notifications}
                close={closeMenu}
                logoutButton={logoutButton('w-full')}
              >
                {menuButton}
              </PhoneMenu>
            </Suspense>
          ) : (
            menuButton
          )}
        </nav>
      </div>
    </header>
  );
}
