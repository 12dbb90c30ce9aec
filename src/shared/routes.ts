// Every page path of the browser app, in one place: the client router draws its routes from it and
// the server answers 404 (with the same app, which then shows its not-found page) for any other path.

export const PAGE_ROUTES = {
  root: '/',
  home: '/home',
  auth: '/auth',
  resetPassword: '/reset-password',
  browse: '/browse',
  search: '/search',
  profile: '/u/:username',
  /** An earlier reading of the profile route: the router redirects it to /u/:username. */
  oldProfile: '/users/:username',
  item: '/items/:id',
  /** The owner's (or an admin's) edit form of an item. */
  editItem: '/items/:id/edit',
  postItem: '/post-item',
  admin: '/admin',
  /** The admins' page of one person (docs/decisions/025-moderation.md). */
  adminPerson: '/admin/users/:username',
  settings: '/settings',
  notes: '/notes',
  myItems: '/my-items',
  messages: '/messages',
  conversation: '/messages/:id',
  notifications: '/notifications',
  help: '/help',
  termsOfService: '/terms-of-service',
  privacyPolicy: '/privacy-policy',
  /** Opened from the links of e-mails (docs/decisions/013-email.md). */
  verifyEmail: '/verify-email',
  unsubscribe: '/unsubscribe',
} as const;

/**
 * A route as the client router matches it (wouter's patterns): a `:name` segment is any one
 * non-empty segment, a trailing slash is allowed, letter case is ignored.
 */
function routePattern(route: string): RegExp {
  const segments = route
    .split('/')
    .filter(Boolean)
    .map((segment) => (segment.startsWith(':') ? '/([^/]+?)' : `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  return new RegExp(`^${segments.join('')}/?$`, 'i');
}

const PATTERNS = Object.values(PAGE_ROUTES).map(routePattern);

/** Whether the client router has a page for this path (no query string). */
export function isPagePath(pathname: string): boolean {
  return PATTERNS.some((pattern) => pattern.test(pathname));
}
