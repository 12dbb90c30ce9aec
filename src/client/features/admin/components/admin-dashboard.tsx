import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useT } from '@/lib/i18n';
import type { Actor } from '#shared/policies/actor.js';
import { useAdminReports, useFollowAdminLists, useSupportRequests } from '../api';
import { openReportsBadge, pendingCount } from '../lib/admin-texts';
import { ModerationLogPanel } from './moderation-log';
import { NotesPanel } from './notes-panel';
import { ReportsPanel } from './reports-panel';
import { SupportPanel } from './support-panel';
import { UsersPanel } from './users-panel';
import { VendorsPanel } from './vendors-panel';

// Six tabs do not fit one row on a phone: rows of two there, one row from `sm` up.
// Longer names (Spanish: "Solicitudes de soporte", "Registro de moderación") wrap inside their tab
// instead of running past it at 390 px.
const TAB =
  'h-auto min-h-11 min-w-0 px-3 py-1.5 text-center leading-tight whitespace-normal data-[state=active]:bg-primary-soft data-[state=active]:text-primary-soft-foreground data-[state=active]:shadow-none';

/** The number on a tab, read out with what it counts. */
function CountBadge({ value, spoken }: { value: string; spoken: string }) {
  return (
    <span className="inline-flex min-w-5 items-center justify-center rounded-full bg-yellow-400 px-1.5 text-xs leading-5 font-bold text-yellow-950">
      <span aria-hidden="true">{value}</span>
      <span className="sr-only">{spoken}</span>
    </span>
  );
}

/**
 * The tabs of docs/product.md, Pages plus Reports and Vendors. Only rendered for admins; each tab loads its
 * list when first opened, except support requests and open reports, whose counts the tabs show from the start.
 * `actor` is the signed-in admin.
 */
export function AdminDashboard({ actor }: { actor: Actor }) {
  const t = useT();
  useFollowAdminLists();
  const support = useSupportRequests();
  const pending = pendingCount(support.data);
  const openReports = useAdminReports('open').data?.length ?? 0;

  return (
    <Tabs defaultValue="users">
      <TabsList className="grid h-auto w-full grid-cols-2 gap-1 border border-border bg-card shadow-sm sm:flex">
        <TabsTrigger value="users" className={TAB}>
          {t('admin.tabs.users')}
        </TabsTrigger>
        <TabsTrigger value="notes" className={TAB}>
          {t('admin.tabs.notes')}
        </TabsTrigger>
        <TabsTrigger value="support" className={TAB}>
          {t('admin.tabs.support')}{' '}
          {pending > 0 ? <CountBadge value={String(pending)} spoken={t('admin.tabs.pending', { count: pending })} /> : null}
        </TabsTrigger>
        <TabsTrigger value="reports" className={TAB}>
          {t('admin.tabs.reports')}{' '}
          {openReports > 0 ? (
            <CountBadge
              value={openReportsBadge(openReports)}
              spoken={t('admin.tabs.open', { count: openReports, shown: openReportsBadge(openReports) })}
            />
          ) : null}
        </TabsTrigger>
        <TabsTrigger value="vendors" className={TAB}>
          {t('admin.tabs.vendors')}
        </TabsTrigger>
        <TabsTrigger value="log" className={TAB}>
          {t('admin.tabs.log')}
        </TabsTrigger>
      </TabsList>
      <TabsContent value="users">
        <UsersPanel actor={actor} />
      </TabsContent>
      <TabsContent value="notes">
        <NotesPanel />
      </TabsContent>
      <TabsContent value="support">
        <SupportPanel query={support} />
      </TabsContent>
      <TabsContent value="reports">
        <ReportsPanel />
      </TabsContent>
      <TabsContent value="vendors">
        <VendorsPanel />
      </TabsContent>
      <TabsContent value="log">
        <ModerationLogPanel />
      </TabsContent>
    </Tabs>
  );
}
