import { ChevronDown, UserRound } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import type { SessionUser } from '#shared/auth.js';
import { buttonVariants } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { T, type Translate, useT } from '@/lib/i18n';

/** What the user did with the placeholder button: nothing, focused it, or pressed it. */
type Handoff = 'none' | 'focus' | 'open';

/** The account button's name: the username it shows first (what a voice user says), then what it opens. */
const accountMenuName = (t: Translate, username: string) => t('core.nav.accountMenu', { username });

const accountTriggerClass = cn(buttonVariants({ variant: 'ghost' }), 'max-w-56 gap-1.5 px-3 text-foreground data-[state=open]:bg-accent');

/** What the account menu button shows: an avatar, the username (wide screens), a chevron. */
function AccountTriggerFace({ username }: { username: string }) {
  return (
    <>
      <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary-soft-foreground">
        <UserRound className="size-4" aria-hidden="true" />
      </span>
      <span className="hidden max-w-32 min-w-0 truncate lg:inline">{username}</span>
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
  const [DropdownMenu, { accountLinks }] = await Promise.all([import('@radix-ui/react-dropdown-menu'), import('./account-links')]);
  function LoadedAccountMenu({ user, handoff }: { user: SessionUser; handoff: Handoff }) {
    const [location] = useLocation();
    const t = useT();
    const triggerRef = useRef<HTMLButtonElement>(null);
    // Take over from the placeholder: its press if there was one, else its focus. A press opens the
    // menu in the render that sees it: React may render this before the press and commit it after
    // (the press then renders this again with the new handoff, which differs from the one seen).
    const [open, setOpen] = useState(handoff === 'open');
    const [seenHandoff, setSeenHandoff] = useState(handoff);
    if (seenHandoff !== handoff) {
      setSeenHandoff(handoff);
      if (handoff === 'open') setOpen(true);
    }
    // Focus is read at commit time, not during render.
    useEffect(() => {
      const focusLost = document.activeElement === null || document.activeElement === document.body;
      if (handoff === 'focus' && focusLost) triggerRef.current?.focus();
    }, [handoff]);
    return (
      <DropdownMenu.Root modal={false} open={open} onOpenChange={setOpen}>
        <DropdownMenu.Trigger ref={triggerRef} aria-label={accountMenuName(t, user.username)} className={accountTriggerClass}>
          <AccountTriggerFace username={user.username} />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={8}
            className="z-50 min-w-56 rounded-xl border border-border bg-card p-1.5 text-card-foreground shadow-lg"
          >
            <DropdownMenu.Label className="px-3 pt-2 pb-1.5 text-sm text-muted-foreground">
              <T
                id="core.nav.signedInAs"
                values={{ username: user.username }}
                components={{ 0: <span className="font-semibold break-all text-foreground" /> }}
              />
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
                  {t(label)}
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

/**
 * Stands in for the menu button while the menu's code loads (a moment, once per visit). A press
 * meanwhile opens the menu as soon as it is there; focus moves over to the real button.
 */
function AccountMenuPlaceholder({ username, onHandoff }: { username: string; onHandoff: (change: (h: Handoff) => Handoff) => void }) {
  const t = useT();
  return (
    <button
      type="button"
      aria-label={accountMenuName(t, username)}
      aria-haspopup="menu"
      aria-expanded={false}
      className={accountTriggerClass}
      onFocus={() => onHandoff((h) => (h === 'open' ? h : 'focus'))}
      // Removing the focused placeholder may blur it too: only a move to another element counts.
      onBlur={(event) => {
        if (event.relatedTarget) onHandoff((h) => (h === 'focus' ? 'none' : h));
      }}
      // A press counts from its pointerdown (as Radix's own trigger opens): the menu may replace this
      // button between the press and its click, and then the click never comes.
      onPointerDown={() => onHandoff(() => 'open')}
      onClick={() => onHandoff(() => 'open')}
    >
      <AccountTriggerFace username={username} />
    </button>
  );
}

/** The account menu button: the placeholder until the menu's code is there, then the menu. */
export function AccountMenuButton({ user }: { user: SessionUser }) {
  // What the user did with the placeholder, for the real menu to carry on from.
  const [handoff, setHandoff] = useState<Handoff>('none');
  return (
    <Suspense fallback={<AccountMenuPlaceholder username={user.username} onHandoff={setHandoff} />}>
      <AccountMenu user={user} handoff={handoff} />
    </Suspense>
  );
}
