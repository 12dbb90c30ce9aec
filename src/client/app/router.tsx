import { type ComponentType, lazy, Suspense } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import type { ClientBundle } from '#shared/i18n.js';
import { PAGE_ROUTES } from '#shared/routes.js';
import { PageSpinner } from '@/components/ui/spinner';
import { loadBundle } from '@/lib/i18n';
import { NotFoundPage } from '@/pages/not-found-page';
import { ProtectedRoute } from './protected-route';

/**
 * React.lazy for a named export: every page is its own chunk, loaded on first visit together with
 * the catalogue bundle its texts are in (`app` unless named: src/shared/i18n.ts).
 */
function lazyPage<K extends string, P extends object>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
  bundle: ClientBundle | null = 'app',
) {
  return lazy(async () => {
    const [page] = await Promise.all([load(), bundle ? loadBundle(bundle) : undefined]);
    return { default: page[name] };
  });
}

// The auth page is lazy too: it carries the form libraries and zod, which the public pages
// (e.g. /browse, with its JavaScript budget) do not need.
const AuthPage = lazyPage(() => import('@/pages/auth-page'), 'AuthPage');
const HomePage = lazyPage(() => import('@/pages/home-page'), 'HomePage');
const ResetPasswordPage = lazyPage(() => import('@/pages/reset-password-page'), 'ResetPasswordPage');
const BrowsePage = lazyPage(() => import('@/pages/browse-page'), 'BrowsePage', null);
const SearchPage = lazyPage(() => import('@/pages/search-page'), 'SearchPage');
const UserProfilePage = lazyPage(() => import('@/pages/user-profile-page'), 'UserProfilePage');
const ItemDetailPage = lazyPage(() => import('@/pages/item-detail-page'), 'ItemDetailPage');
const PostItemPage = lazyPage(() => import('@/pages/post-item-page'), 'PostItemPage');
const EditItemPage = lazyPage(() => import('@/pages/edit-item-page'), 'EditItemPage');
const AdminPage = lazyPage(() => import('@/pages/admin-page'), 'AdminPage');
const AdminPersonPage = lazyPage(() => import('@/pages/admin-person-page'), 'AdminPersonPage');
const TermsOfServicePage = lazyPage(() => import('@/pages/terms-of-service-page'), 'TermsOfServicePage', 'legal');
const PrivacyPolicyPage = lazyPage(() => import('@/pages/privacy-policy-page'), 'PrivacyPolicyPage', 'legal');
const SettingsPage = lazyPage(() => import('@/pages/settings-page'), 'SettingsPage');
const NotesPage = lazyPage(() => import('@/pages/notes-page'), 'NotesPage');
const HelpPage = lazyPage(() => import('@/pages/help-page'), 'HelpPage');
const MyItemsPage = lazyPage(() => import('@/pages/my-items-page'), 'MyItemsPage');
const MessagesPage = lazyPage(() => import('@/pages/messages-page'), 'MessagesPage');
const ConversationPage = lazyPage(() => import('@/pages/conversation-page'), 'ConversationPage');
const NotificationsPage = lazyPage(() => import('@/pages/notifications-page'), 'NotificationsPage');
const VerifyEmailPage = lazyPage(() => import('@/pages/verify-email-page'), 'VerifyEmailPage');
const UnsubscribePage = lazyPage(() => import('@/pages/unsubscribe-page'), 'UnsubscribePage');

/** Every page route (their paths: src/shared/routes.ts, which the server also reads); anything else is the not-found page. */
export function AppRouter() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <Switch>
        <Route path={PAGE_ROUTES.root}>
          <Redirect to="/home" replace />
        </Route>
        <Route path={PAGE_ROUTES.home}>
          <ProtectedRoute>
            <HomePage />
          </ProtectedRoute>
        </Route>
        <Route path={PAGE_ROUTES.auth} component={AuthPage} />
        <Route path={PAGE_ROUTES.resetPassword} component={ResetPasswordPage} />
        <Route path={PAGE_ROUTES.verifyEmail} component={VerifyEmailPage} />
        <Route path={PAGE_ROUTES.unsubscribe} component={UnsubscribePage} />
        <Route path={PAGE_ROUTES.browse} component={BrowsePage} />
        <Route path={PAGE_ROUTES.search} component={SearchPage} />
        <Route path={PAGE_ROUTES.profile}>{(params) => <UserProfilePage username={params.username} />}</Route>
        {/* Earlier versions had /users/{username}: keep old links working. */}
        <Route path={PAGE_ROUTES.oldProfile}>{(params) => <Redirect to={`/u/${encodeURIComponent(params.username)}`} replace />}</Route>
        <Route path={PAGE_ROUTES.item}>{(params) => <ItemDetailPage key={params.id} />}</Route>
        <Route path={PAGE_ROUTES.editItem}>
          {(params) => (
            <ProtectedRoute>
              <EditItemPage key={params.id} />
            </ProtectedRoute>
          )}
        </Route>
        <Route path={PAGE_ROUTES.postItem}>
          <ProtectedRoute>
            <PostItemPage />
          </ProtectedRoute>
        </Route>
        <Route path={PAGE_ROUTES.admin}>
          <ProtectedRoute adminOnly>
            <AdminPage />
          </ProtectedRoute>
        </Route>
        <Route path={PAGE_ROUTES.adminPerson}>
          {(params) => (
            <ProtectedRoute adminOnly>
              <AdminPersonPage key={params.username} username={decodeURIComponent(params.username)} />
            </ProtectedRoute>
          )}
        </Route>
        {/* Beyond the core pages of docs/product.md: the signed-in user's own settings, notes and support requests. */}
        <Route path={PAGE_ROUTES.settings}>
          <ProtectedRoute>
            <SettingsPage />
          </ProtectedRoute>
        </Route>
        <Route path={PAGE_ROUTES.notes}>
          <ProtectedRoute>
            <NotesPage />
          </ProtectedRoute>
        </Route>
        <Route path={PAGE_ROUTES.myItems}>
          <ProtectedRoute>
            <MyItemsPage />
          </ProtectedRoute>
        </Route>
        <Route path={PAGE_ROUTES.messages}>
          <ProtectedRoute>
            <MessagesPage />
          </ProtectedRoute>
        </Route>
        <Route path={PAGE_ROUTES.conversation}>
          <ProtectedRoute>
            <ConversationPage />
          </ProtectedRoute>
        </Route>
        <Route path={PAGE_ROUTES.notifications}>
          <ProtectedRoute>
            <NotificationsPage />
          </ProtectedRoute>
        </Route>
        <Route path={PAGE_ROUTES.help}>
          <ProtectedRoute>
            <HelpPage />
          </ProtectedRoute>
        </Route>
        <Route path={PAGE_ROUTES.termsOfService} component={TermsOfServicePage} />
        <Route path={PAGE_ROUTES.privacyPolicy} component={PrivacyPolicyPage} />
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}
