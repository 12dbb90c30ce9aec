// Business constants of docs/product.md, Constants, shared by client and server.

export const PRODUCT_NAME = 'ShareNearby';
/** `code` of the 403 answer to a write whose CSRF token is refused (`{ message, code }`). */
export const CSRF_INVALID_CODE = 'invalid_csrf';

export const PAGE_SIZE = 12;
export const FIRST_PAGE = 1;
export const MAX_PAGE_SIZE = 50;

export const LIST_SEARCH_DEBOUNCE_MS = 300;
export const PUBLIC_SEARCH_DEBOUNCE_MS = 500;
export const SUPPORT_REFETCH_MS = 30_000;

export const PASSWORD_MIN = 6;
/** Long enough for any passphrase, short enough that hashing cannot be abused. */
export const PASSWORD_MAX = 200;
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 32;
export const USERNAME_PATTERN = /^[A-Za-z0-9_.-]+$/;
export const CODE_LENGTH = 6;
export const SUPPORT_DESCRIPTION_MIN = 10;
export const ITEM_TITLE_MIN = 3;
export const ITEM_DESCRIPTION_MIN = 10;
export const MAX_TAGS = 10;
/** Photos of one item (the first is the cover, `imageUrl`). */
export const MAX_IMAGES = 6;
export const CARD_TAGS_SHOWN = 3;

export const LATITUDE_MIN = -90;
export const LATITUDE_MAX = 90;
export const LONGITUDE_MIN = -180;
export const LONGITUDE_MAX = 180;

export const DEFAULT_MAP_CENTER = { lat: 40.7128, lng: -74.006 } as const;
export const DEFAULT_MAP_ZOOM = 13;

export const QR_SIZE = 256;
export const SHARE_TEXT_MAX = 100;
export const META_DESCRIPTION_MAX = 160;
export const SHARE_ICON_SIZE = 32;

export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD = 50;
export const TOAST_HOTKEY = ['F8'] as const;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;

export const BROWSE_GEOLOCATION = { enableHighAccuracy: true, timeout: 10_000, maximumAge: 60_000 } as const;
export const POST_GEOLOCATION = { enableHighAccuracy: true, timeout: 5000, maximumAge: 0 } as const;

/** "Remember me" keeps a session this long; without it the cookie ends with the browser. */
export const REMEMBER_ME_DAYS = 30;

/** `promised`: the owner has set it aside for one person who wrote; it leaves the lists. */
export const ITEM_STATUSES = ['available', 'promised', 'taken', 'expired'] as const;
/** An offer (given away; the default) or a want (looked for): docs/decisions/023-offers-and-wants.md. */
export const ITEM_TYPES = ['offer', 'want'] as const;
/** Why someone reports an item or a user (labels in src/shared/reports.ts). */
export const REPORT_REASONS = ['spam', 'offensive', 'scam', 'unsafe', 'other'] as const;
/** open: waiting for an admin; dismissed: nothing wrong; actioned: the item or user was removed. */
export const REPORT_STATUSES = ['open', 'dismissed', 'actioned'] as const;
export const REPORT_TARGETS = ['item', 'user', 'message', 'no_show'] as const;
/** An admin's graded actions, each recorded in the audit log (docs/decisions/025-moderation.md). */
export const MODERATION_ACTIONS = ['hide_item', 'unhide_item', 'warn', 'suspend', 'lift_suspension', 'delete_item', 'delete_user'] as const;
/** Characters of a moderation action's reason (required). */
export const MODERATION_REASON_MAX = 500;
/** Characters of a support reply. */
export const SUPPORT_REPLY_MAX = 5000;
export const SUPPORT_TYPES = ['account_deletion', 'technical_issue', 'other'] as const;
export const SUPPORT_STATUSES = ['pending', 'in_progress', 'resolved'] as const;
export const NOTE_VISIBILITIES = ['private', 'linked', 'public'] as const;

export const CSRF_HEADER = 'X-CSRF-Token';

// Limits that messages name (src/shared/i18n.ts MESSAGE_VALUES), kept here without zod.
export const PAYMENT_ID_MAX = 200;
export const MAX_PAYMENT_LINKS = 20;
export const NOTE_MAX = 5000;
export const REPORT_DETAILS_MAX = 1000;
/** 'Something else' says nothing by itself: it needs a few words of its own. */
export const REPORT_OTHER_DETAILS_MIN = 10;
export const VENDOR_NAME_MAX = 60;
export const SUPPORT_DESCRIPTION_MAX = 5000;
export const ITEM_TITLE_MAX = 120;
export const ITEM_DESCRIPTION_MAX = 5000;
export const TAG_MAX_LENGTH = 40;
export const SEARCH_TEXT_MAX = 200;
/** Characters of one message in a conversation. */
export const MESSAGE_MAX = 2000;

/** Saved alerts (docs/decisions/016-saved-alerts.md): the radius of an alert's place, in kilometres. */
export const ALERT_RADIUS_MIN_KM = 0.5;
export const ALERT_RADIUS_MAX_KM = 100;
/** The radii the alert forms offer (Alert me on Browse, the edit form in Settings), and the one offered first. */
export const ALERT_RADIUS_CHOICES_KM = [1, 2, 5, 10, 25, 50] as const;
export const ALERT_RADIUS_DEFAULT_KM = 5;
/** `GET /api/items?radiusKm=`: items whose published point is within this many kilometres of the place. */
export const LIST_RADIUS_MIN_KM = 0.1;
export const LIST_RADIUS_MAX_KM = 500;
/** The radii Browse and Home offer (besides "Any distance"). */
export const LIST_RADIUS_CHOICES_KM = [1, 2, 5, 10, 25, 50] as const;
/** `GET /api/items?sort=`: nearest first needs a place; without `sort`, nearest with a place, else newest. */
export const LIST_SORTS = ['nearest', 'newest', 'relevance'] as const;
/** Alerts one account may keep at once unless ALERT_LIMIT says otherwise. */
export const ALERT_LIMIT_DEFAULT = 50;
