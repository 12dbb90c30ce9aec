import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useSupportRequests } from '../api';
import { pendingCount } from '../lib/admin-texts';
import { NotesPanel } from './notes-panel';
import { SupportPanel } from './support-panel';
import { UsersPanel } from './users-panel';
import { VendorsPanel } from './vendors-panel';

// Four tabs do not fit one row on a phone: two rows of two there, one row from `sm` up.
const TAB =
  'h-11 min-w-0 px-3 data-[state=active]:bg-primary-soft data-[state=active]:text-primary-soft-foreground data-[state=active]:shadow-none';

/**
 * The tabs of SPEC section 2 plus Vendors. Only rendered for admins; each tab loads its list when
 * first opened, except support requests, whose pending count the tab shows from the start.
 */
export function AdminDashboard() {
  const support = useSupportRequests();
  const pending = pendingCount(support.data);

  return (
    <Tabs defaultValue="users">
      <TabsList className="grid h-auto w-full grid-cols-2 gap-1 border border-border bg-card shadow-sm sm:flex">
        <TabsTrigger value="users" className={TAB}>
          Users
        </TabsTrigger>
        <TabsTrigger value="notes" className={TAB}>
          Notes
        </TabsTrigger>
        <TabsTrigger value="support" className={TAB}>
          Support Requests{' '}
          {pending > 0 ? (
            <span className="inline-flex min-w-5 items-center justify-center rounded-full bg-yellow-400 px-1.5 text-xs leading-5 font-bold text-yellow-950">
              <span aria-hidden="true">{pending}</span>
              <span className="sr-only">{pending} pending</span>
            </span>
          ) : null}
        </TabsTrigger>
        <TabsTrigger value="vendors" className={TAB}>
          Vendors
        </TabsTrigger>
      </TabsList>
      <TabsContent value="users">
        <UsersPanel />
      </TabsContent>
      <TabsContent value="notes">
        <NotesPanel />
      </TabsContent>
      <TabsContent value="support">
        <SupportPanel query={support} />
      </TabsContent>
      <TabsContent value="vendors">
        <VendorsPanel />
      </TabsContent>
    </Tabs>
  );
}
