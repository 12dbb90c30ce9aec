import { ChevronDown, LifeBuoy, LogIn, LogOut, Menu, NotebookPen, Package, Settings, ShieldCheck, UserRound, X } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import type { SessionUser } from '../../shared/auth.js';
import { PRODUCT_NAME } from '../../shared/constants.js';
import { TOASTS } from '../../shared/messages.js';
import { BrandMark } from '@/components/brand-mark';
import { ShareSomethingButton } from '@/components/share-something-button';
import { Button, buttonVariants } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useLogout } from '@/features/auth/api';
import { useAuth } from '@/features/auth/auth-provider';
import { badgeCount, messagesLinkLabel, useUnreadCount } from '@/features/conversations/unread';
import { getErrorMessage } from '@/lib/request';
import { useFocusTrap } from '@/lib/use-focus-trap';
import { cn } from '@/lib/utils';

type NavLinkProps = { href: string; children: ReactNode; className?: string; onNavigate?: () => void };

function NavLink({ href, children, className, onNavigate }: NavLinkProps) {
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
function MessagesNavLink({ unread, className, onNavigate }: { unread: number; className?: string; onNavigate?: () => void }) {
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

type AccountLink = { href: string; label: string; icon: typeof Settings };

/** The signed-in user's own pages; Admin only for admins. */
function accountLinks(user: SessionUser): AccountLink[] {
  const links: AccountLink[] = [
    { href: '/my-items', label: 'My items', icon: Package },
    { href: '/settings', label: 'Settings', icon: Settings },
    { href: '/notes', label: 'My notes', icon: NotebookPen },
    { href: '/help', label: 'Help & support', icon: LifeBuoy },
  ];
  if (user.isAdmin) links.push({ href: '/admin', label: 'Admin', icon: ShieldCheck });
  return links;
}

/** The account button's name: the username it shows first (what a voice user says), then what it opens. */
const accountMenuName = (username: string) => `${username}, account menu`;

const accountTriggerClass = cn(buttonVariants({ variant: 'ghost' }), 'max-w-56 gap-1.5 px-3 text-foreground data-[state=open]:bg-accent');

/** What the account menu button shows: an avatar, the username (wide screens), a chevron. */
function AccountTriggerFace({ username }: { username: string }) {
  return (
    <>
      <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary-soft-foreground">
        <UserRound className="size-4" aria-hidden="true" />
      </span>
      <span className="hidden min-w-0 truncate lg:inline">{username}</span>
      <ChevronDown className="text-muted-foreground" aria-hidden="true" />
    </>
  );
}

/**
 * Wide screens: a menu button with the username, opening the account links (Radix menu: arrows,
 * Escape, typeahead). Radix's menu weighs about as much as a quarter of the /browse budget and
 * visitors never need it, so it loads only for a signed-in user, after the first paint.
 */
const AccountMenu = lazy(async () => {
  const DropdownMenu = await import('@radix-ui/react-dropdown-menu');
  function LoadedAccountMenu({ user, intent }: { user: SessionUser; intent: MenuIntent }) {
    const [location] = useLocation();
    const triggerRef = useRef<HTMLButtonElement>(null);
    const [open, setOpen] = useState(false);
    // Take over from the placeholder: its press if there was one, else its focus. Read at commit
    // time, not during render: React may render this before the press and commit it after.
    useEffect(() => {
      const focusLost = document.activeElement === null || document.activeElement === document.body;
      if (intent.open) setOpen(true);
      else if (intent.focused && focusLost) triggerRef.current?.focus();
      intent.focused = false;
      intent.open = false;
    }, [intent]);
    return (
      <DropdownMenu.Root modal={false} open={open} onOpenChange={setOpen}>
        <DropdownMenu.Trigger ref={triggerRef} aria-label={accountMenuName(user.username)} className={accountTriggerClass}>
          <AccountTriggerFace username={user.username} />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={8}
            className="z-50 min-w-56 rounded-xl border border-border bg-card p-1.5 text-card-foreground shadow-lg"
          >
            <DropdownMenu.Label className="px-3 pt-2 pb-1.5 text-sm text-muted-foreground">
              Signed in as <span className="font-semibold break-all text-foreground">{user.username}</span>
            </DropdownMenu.Label>
            <DropdownMenu.Separator className="my-1 h-px bg-border" />
            {accountLinks(user).map(({ href, label, icon: Icon }) => (
              <DropdownMenu.Item key={href} asChild>
                <Link
                  href={href}
                  aria-current={location === href ? 'page' : undefined}
                  className={cn(
                    'flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-3 text-sm font-medium outline-none select-none',
                    'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring',
                    'data-[highlighted]:bg-accent data-[highlighted]:text-accent-foreground',
                    'aria-[current=page]:bg-primary-soft aria-[current=page]:text-primary-soft-foreground',
                  )}
                >
                  <Icon className="size-4 text-muted-foreground" aria-hidden="true" />
                  {label}
                </Link>
              </DropdownMenu.Item>
            ))}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
    );
  }
  return { default: LoadedAccountMenu };
});

/** What the user did with the placeholder button, for the real menu to carry on from. */
type MenuIntent = { focused: boolean; open: boolean };

/**
 * Stands in for the menu button while the menu's code loads (a moment, once per visit). A press
 * meanwhile opens the menu as soon as it is there; focus moves over to the real button.
 */
function AccountMenuPlaceholder({ username, intent }: { username: string; intent: MenuIntent }) {
  return (
    <button
      type="button"
      aria-label={accountMenuName(username)}
      aria-haspopup="menu"
      aria-expanded={false}
      className={accountTriggerClass}
      onFocus={() => (intent.focused = true)}
      // Removing the focused placeholder may blur it too: only a move to another element counts.
      onBlur={(event) => {
        if (event.relatedTarget) intent.focused = false;
      }}
      onClick={() => (intent.open = true)}
    >
      <AccountTriggerFace username={username} />
    </button>
  );
}

export function NavBar() {
  const { user, isLoading } = useAuth();
  const logout = useLogout();
  const [location, navigate] = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const navRef = useRef<HTMLElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const menuIntent = useRef<MenuIntent>({ focused: false, open: false });
  const unread = useUnreadCount(Boolean(user));

  // A new page closes the phone menu.
  useEffect(() => setMenuOpen(false), [location]);

  // The open phone menu keeps focus, as a dialog does: Tab goes round its button and its links.
  useFocusTrap(menuOpen, [menuButtonRef, panelRef]);

  // While the phone menu is open: Escape closes it (focus back on its button), so does a tap outside.
  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setMenuOpen(false);
        menuButtonRef.current?.focus();
      }
    };
    const onPointerDown = (event: PointerEvent) => {
      if (navRef.current && !navRef.current.contains(event.target as Node)) setMenuOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [menuOpen]);

  const onLogout = () => {
    logout.mutate(undefined, {
      onSuccess: () => navigate('/auth'),
      onError: (error) =>
        toast({ variant: 'destructive', title: TOASTS.logoutFailed, description: getErrorMessage(error) }),
    });
  };

  const closeMenu = () => setMenuOpen(false);

  const logoutButton = (className?: string) => (
    <Button
      variant="outline"
      onClick={onLogout}
      disabled={logout.isPending}
      aria-busy={logout.isPending}
      className={className}
    >
      {logout.isPending ? <Spinner /> : <LogOut aria-hidden="true" />}
      Logout
    </Button>
  );

  return (
    <header className="sticky top-0 z-40 border-b border-border bg-card/95 backdrop-blur supports-[backdrop-filter]:bg-card/85">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link
          href="/home"
          className="-ml-1 flex min-h-11 items-center gap-2 rounded-lg px-1 text-lg font-bold tracking-tight text-foreground"
        >
          <BrandMark />
          {PRODUCT_NAME}
        </Link>

        <nav ref={navRef} aria-label="Main" className="flex items-center">
          {/* Wide screens: the links in a row. */}
          <ul className="hidden items-center gap-1 md:flex">
            <li>
              <NavLink href="/home">Home</NavLink>
            </li>
            <li>
              <NavLink href="/search">Search</NavLink>
            </li>
            {isLoading ? null : user ? (
              <>
                <li>
                  <MessagesNavLink unread={unread} />
                </li>
                <li className="ml-2">
                  <ShareSomethingButton />
                </li>
                <li className="ml-2">
                  <Suspense fallback={<AccountMenuPlaceholder username={user.username} intent={menuIntent.current} />}>
                    <AccountMenu user={user} intent={menuIntent.current} />
                  </Suspense>
                </li>
                <li className="ml-1">{logoutButton()}</li>
              </>
            ) : (
              <li className="ml-2">
                <Button asChild>
                  <Link href="/auth">
                    <LogIn aria-hidden="true" />
                    Sign In
                  </Link>
                </Button>
              </li>
            )}
          </ul>

          {/* Phones: one menu button, the links in a panel under the bar (disclosure pattern). */}
          <Button
            ref={menuButtonRef}
            variant="ghost"
            size="icon"
            className="relative -mr-2 md:hidden [&_svg]:size-6"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
            {/* Unread messages wait inside the menu: a dot on its button says so. */}
            {unread > 0 && !menuOpen ? (
              <span aria-hidden="true" className="absolute top-2 right-2 size-2.5 rounded-full bg-primary ring-2 ring-card" />
            ) : null}
          </Button>
          <div
            ref={panelRef}
            id={menuId}
            hidden={!menuOpen}
            className="absolute inset-x-0 top-full border-y border-border bg-card shadow-lg md:hidden"
          >
            <ul className="mx-auto grid max-w-6xl gap-1 px-4 py-3">
              <li>
                <NavLink href="/home" className="w-full justify-start" onNavigate={closeMenu}>
                  Home
                </NavLink>
              </li>
              <li>
                <NavLink href="/search" className="w-full justify-start" onNavigate={closeMenu}>
                  Search
                </NavLink>
              </li>
              {isLoading ? null : user ? (
                <>
                  <li>
                    <NavLink href="/post-item" className="w-full justify-start" onNavigate={closeMenu}>
                      Share Something
                    </NavLink>
                  </li>
                  <li>
                    <MessagesNavLink unread={unread} className="w-full justify-start" onNavigate={closeMenu} />
                  </li>
                  <li className="mt-2 border-t border-border pt-2">
                    <ul className="grid gap-1" aria-label="Your account">
                      {accountLinks(user).map(({ href, label, icon: Icon }) => (
                        <li key={href}>
                          <NavLink href={href} className="w-full justify-start" onNavigate={closeMenu}>
                            <Icon aria-hidden="true" />
                            {label}
                          </NavLink>
                        </li>
                      ))}
                    </ul>
                  </li>
                  <li className="mt-2 border-t border-border pt-3">
                    <p className="mb-2 px-1 text-sm text-muted-foreground">
                      Signed in as <span className="font-medium text-foreground">{user.username}</span>
                    </p>
                    {logoutButton('w-full')}
                  </li>
                </>
              ) : (
                <li className="mt-2 border-t border-border pt-3">
                  <Button asChild className="w-full">
                    <Link href="/auth" onClick={closeMenu}>
                      <LogIn aria-hidden="true" />
                      Sign In
                    </Link>
                  </Button>
                </li>
              )}
            </ul>
          </div>
        </nav>
      </div>
    </header>
  );
}
