import { LifeBuoy, NotebookPen, Package, Settings, ShieldCheck } from 'lucide-react';
import type { SessionUser } from '#shared/auth.js';
import type { MessageId } from '#shared/i18n.js';
import * as adminPolicy from '#shared/policies/admin.js';

type AccountLink = { href: string; label: MessageId; icon: typeof Settings };

/** The signed-in user's own pages; Admin only for admins. */
export function accountLinks(user: SessionUser): AccountLink[] {
  const links: AccountLink[] = [
    { href: '/my-items', label: 'core.nav.myItems', icon: Package },
    { href: '/settings', label: 'core.nav.settings', icon: Settings },
    { href: '/notes', label: 'core.nav.myNotes', icon: NotebookPen },
    { href: '/help', label: 'core.nav.help', icon: LifeBuoy },
  ];
  if (adminPolicy.enter(user)) links.push({ href: '/admin', label: 'core.nav.admin', icon: ShieldCheck });
  return links;
}
