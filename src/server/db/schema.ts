import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  ITEM_STATUSES,
  ITEM_TYPES,
  MODERATION_ACTIONS,
  NOTE_VISIBILITIES,
  REPORT_REASONS,
  REPORT_STATUSES,
  REPORT_TARGETS,
  SUPPORT_STATUSES,
  SUPPORT_TYPES,
} from '../../shared/constants.js';
import { DISTANCE_UNITS } from '../../shared/distance-unit.js';
import { DELIVERY_STATUSES, NOTIFICATION_TYPES } from '../../shared/notification-rules.js';

/** PostgreSQL's tsvector (drizzle-orm has no column type for it); read only by SQL, never selected. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

// Allowed values are check constraints rather than enum types: adding a value later is a plain
// ALTER of one constraint, and the same lists in src/shared drive validation.
const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    password: text('password').notNull(),
    phoneNumber: text('phone_number'),
    isPhoneVerified: boolean('is_phone_verified').notNull().default(false),
    verificationCode: text('verification_code'),
    verificationCodeExpiry: timestamp('verification_code_expiry', { withTimezone: true }),
    // What the pending code is for, and how many wrong tries it has had (at most 5).
    verificationPurpose: text('verification_purpose', { enum: ['phone', 'reset'] }),
    verificationAttempts: integer('verification_attempts').notNull().default(0),
    verificationSentAt: timestamp('verification_sent_at', { withTimezone: true }),
    isAdmin: boolean('is_admin').notNull().default(false),
    isVisible: boolean('is_visible').notNull().default(true),
    markedForDeletion: boolean('marked_for_deletion').notNull().default(false),
    // The language the person chose (src/shared/i18n.ts); null: the device's or the browser's.
    language: text('language'),
    // An e-mail address (docs/decisions/013-email.md): unverified until the link mailed to it is
    // opened; the link's token is kept as its SHA-256 (hex), with its 24-hour expiry.
    email: text('email'),
    isEmailVerified: boolean('is_email_verified').notNull().default(false),
    emailToken: text('email_token'),
    emailTokenExpiry: timestamp('email_token_expiry', { withTimezone: true }),
    emailTokenSentAt: timestamp('email_token_sent_at', { withTimezone: true }),
    // The /home card that suggests adding an address, once dismissed, is gone for good.
    emailPromptDismissed: boolean('email_prompt_dismissed').notNull().default(false),
    // The profile's own words and photo (migration 0028): a short bio, an area the person types
    // (never derived from a location), the storage name of a square photo (256 and 96 px files).
    bio: text('bio'),
    area: text('area'),
    avatarKey: text('avatar_key'),
    // Whether the stored number could be parsed (src/server/phone.ts): true for one the E.164 step at
    // start could not (Settings asks the person to enter it again; no SMS goes to it); null for a
    // number not checked yet (stored before migration 0028); false otherwise.
    phoneInvalid: boolean('phone_invalid').default(false),
    // The unit distances are shown in (src/shared/distance-unit.ts): km unless miles were chosen.
    distanceUnit: text('distance_unit', { enum: DISTANCE_UNITS }).notNull().default('km'),
    // A suspension by an admin (migration 0030): until then every write but the allow-list of
    // plugins/suspension.ts is refused; the reason is shown to the person.
    suspendedUntil: timestamp('suspended_until', { withTimezone: true }),
    suspensionReason: text('suspension_reason'),
    // A suspension without an end (migration 0040): in force until an admin lifts it (suspended_until is then null).
    suspendedPermanently: boolean('suspended_permanently').notNull().default(false),
    // The account on whose device this one was registered (its device cookie, or its session), for
    // the admins: accounts a suspended person makes stay visible beside theirs (migration 0040).
    registeredFromUserId: integer('registered_from_user_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    // One account per name whatever the letter case: "Alice" and "alice" are the same person.
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    // People search (substring of the name) and the admins' newest-first list (migration 0005).
    index('users_username_trgm_idx').using('gin', sql`${t.username} gin_trgm_ops`),
    index('users_created_at_idx').on(t.createdAt.desc().nullsFirst()),
    // A verified address belongs to one account, whatever the letter case (migration 0018).
    uniqueIndex('users_verified_email_lower_key')
      .on(sql`lower(${t.email})`)
      .where(sql`is_email_verified`),
    uniqueIndex('users_email_token_key')
      .on(t.emailToken)
      .where(sql`email_token IS NOT NULL`),
    check('users_verification_purpose_check', sql`${t.verificationPurpose} in ('phone', 'reset')`),
    check('users_bio_length', sql`char_length(${t.bio}) <= 280`),
    check('users_area_length', sql`char_length(${t.area}) <= 60`),
    // Numbers not checked yet: the step at start finds them by this index, empty once it has run.
    index('users_phone_unchecked_idx')
      .on(t.id)
      .where(sql`${t.phoneInvalid} IS NULL`),
    check('users_distance_unit_check', sql`${t.distanceUnit} in ('km', 'mi')`),
    index('users_registered_from_idx')
      .on(t.registeredFromUserId)
      .where(sql`${t.registeredFromUserId} IS NOT NULL`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    // SHA-256 (hex) of the cookie's token: a leaked table cannot be replayed as cookies.
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    persistent: boolean('persistent').notNull().default(false),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId), index('sessions_expires_at_idx').on(t.expiresAt)],
);

export const linkedUsers = pgTable(
  'linked_users',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    linkedUserId: integer('linked_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    hasNoteAccess: boolean('has_note_access').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('linked_users_pair_key').on(t.userId, t.linkedUserId),
    index('linked_users_linked_user_id_idx').on(t.linkedUserId),
    check('linked_users_not_self', sql`${t.userId} <> ${t.linkedUserId}`),
  ],
);

export const notes = pgTable(
  'notes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // The author may differ from the owner; a deleted author leaves the note ('Unknown' creator).
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    content: text('content').notNull(),
    visibility: text('visibility', { enum: NOTE_VISIBILITIES }).notNull().default('private'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notes_user_id_idx').on(t.userId),
    index('notes_created_by_id_idx').on(t.createdById),
    // Search in public notes, and their newest-first list (migration 0005).
    index('notes_content_trgm_idx').using('gin', sql`${t.content} gin_trgm_ops`),
    index('notes_public_created_idx')
      .on(t.createdAt.desc().nullsFirst())
      .where(sql`visibility = 'public'`),
    check('notes_visibility_check', sql`${t.visibility} in (${inList(NOTE_VISIBILITIES)})`),
  ],
);

export const paymentVendors = pgTable(
  'payment_vendors',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    createdAt: createdAt(),
    active: boolean('active').notNull().default(true),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('payment_vendors_name_lower_key').on(sql`lower(${t.name})`)],
);

export const userPaymentIds = pgTable(
  'user_payment_ids',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // A vendor in use is deactivated, never deleted: links already made stay.
    vendorId: integer('vendor_id')
      .notNull()
      .references(() => paymentVendors.id, { onDelete: 'restrict' }),
    paymentId: text('payment_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('user_payment_ids_user_id_idx').on(t.userId), index('user_payment_ids_vendor_id_idx').on(t.vendorId)],
);

export const supportRequests = pgTable(
  'support_requests',
  {
    id: serial('id').primaryKey(),
    // Requests outlive their author (an account deletion request must stay on record).
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    type: text('type', { enum: SUPPORT_TYPES }).notNull(),
    description: text('description').notNull(),
    status: text('status', { enum: SUPPORT_STATUSES }).notNull().default('pending'),
    createdAt: createdAt(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    index('support_requests_user_id_idx').on(t.userId),
    index('support_requests_status_idx').on(t.status, t.createdAt),
    check('support_requests_type_check', sql`${t.type} in (${inList(SUPPORT_TYPES)})`),
    check('support_requests_status_check', sql`${t.status} in (${inList(SUPPORT_STATUSES)})`),
  ],
);

export const items = pgTable(
  'items',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    // The cover photo (the API's imageUrl); the others, in order, are extraImages: the item's images
    // are [imageUrl, ...extraImages] (migration 0024, docs/decisions/018-item-photos.md).
    imageUrl: text('image_url').notNull(),
    extraImages: text('extra_images')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    latitude: numeric('latitude', { precision: 10, scale: 8 }),
    longitude: numeric('longitude', { precision: 11, scale: 8 }),
    // The published point: a few hundred metres from the exact one, made once when the item is
    // saved, unless the poster chose to show the exact place (a shop, a food stall).
    approxLatitude: numeric('approx_latitude', { precision: 10, scale: 8 }),
    approxLongitude: numeric('approx_longitude', { precision: 11, scale: 8 }),
    exactLocation: boolean('exact_location').notNull().default(false),
    // How the published point was made: 1 a random draw per item (before migration 0013), 2 the
    // secret per-cell point (features/items/location.ts). Items still at 1 get a new one at start.
    locationVersion: smallint('location_version').notNull().default(1),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    // A stored lower-cased copy that a list page tests row by row (migration 0012). lower_tags() is
    // a SQL function of migration 0003: IMMUTABLE, `SELECT coalesce(array_agg(lower(t)), '{}')
    // FROM unnest($1) AS t`; drizzle-kit does not manage functions, so it lives in that migration only.
    tagsLower: text('tags_lower')
      .array()
      .generatedAlwaysAs(sql`lower_tags(tags)`),
    // The item's words for search (migration 0025, docs/decisions/022): search_document() is a SQL
    // function of that migration (title A, tags B, description C, each through search_words()).
    searchDoc: tsvector('search_doc').generatedAlwaysAs(sql`search_document(title, description, tags)`),
    status: text('status', { enum: ITEM_STATUSES }).notNull().default('available'),
    // An offer (what someone gives) or a want (what someone looks for; its photo is optional, and
    // without one image_url is ''): migration 0027, docs/decisions/023-offers-and-wants.md.
    type: text('type', { enum: ITEM_TYPES }).notNull().default('offer'),
    // Who the owner set it aside for (status promised), and who it went to (status taken).
    // Deleting that user first returns a promised item to available (admin/repository.ts).
    promisedToId: integer('promised_to_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    // The expiry its owner was told of ("expires in 3 days"): once per listing period, since a
    // renewal moves expires_at away from it.
    expiryNoticeFor: timestamp('expiry_notice_for', { withTimezone: true }),
    // Hidden by an admin (migration 0030): seen only by its owner (with the reason) and the admins,
    // everywhere items are read (items.see, src/shared/policies/items.ts).
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenReason: text('hidden_reason'),
  },
  (t) => [
    // One person's items (migration 0038): their items in one state newest first (a profile's
    // current items, My items by state), their given ones (a profile's count), and every item of
    // theirs (deleting a user). It replaced items_user_id_idx, which made a profile read all of them.
    index('items_user_status_created_idx').on(t.userId, t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // Whether another item still shows an image (as cover or another photo), when an item or a user
    // is deleted or an edit drops a photo (migration 0024; it replaced 0016's index on image_url).
    index('items_photos_idx').using('gin', sql`array_prepend(${t.imageUrl}, ${t.extraImages})`),
    index('items_promised_to_id_idx')
      .on(t.promisedToId)
      .where(sql`${t.promisedToId} IS NOT NULL`),
    // Item lists at a million rows (docs/decisions/004-item-lists-at-scale.md; migrations 0003, 0007, 0011).
    // Nearest first: k-nearest-neighbour scan over listed items with a published place. Without a
    // search, nearest first reads items_location_point_gist instead (migration 0036, decision 031):
    // a planar GiST of (longitude, latitude) with INCLUDE columns, which Drizzle's index builder
    // cannot state, so it is declared in that migration only.
    index('items_location_gist')
      .using('gist', sql`ll_to_earth(approx_latitude::float8, approx_longitude::float8)`)
      .where(sql`status = 'available' AND approx_latitude IS NOT NULL`),
    // Newest first over listed items, and the expiry sweep; the capped total of a nearest-first list.
    index('items_available_created_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`status = 'available'`),
    // A list of wants (the few) walks these, not the indexes of every listed item (migration 0027).
    index('items_wants_created_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`status = 'available' AND type = 'want'`),
    index('items_wants_location_gist')
      .using('gist', sql`ll_to_earth(approx_latitude::float8, approx_longitude::float8)`)
      .where(sql`status = 'available' AND approx_latitude IS NOT NULL AND type = 'want'`),
    index('items_available_expires_idx')
      .on(t.expiresAt)
      .where(sql`status = 'available'`),
    index('items_available_located_expires_idx')
      .on(t.expiresAt)
      .where(sql`status = 'available' AND approx_latitude IS NOT NULL`),
    // Substring search on title and description, and tags in any letter case.
    index('items_title_trgm_idx').using('gin', sql`${t.title} gin_trgm_ops`),
    index('items_description_trgm_idx').using('gin', sql`${t.description} gin_trgm_ops`),
    index('items_tags_lower_idx').using('gin', sql`lower_tags(tags)`),
    // Search by words (migration 0025).
    index('items_search_doc_idx').using('gin', t.searchDoc),
    // A search on the map: a key "cell:word" for each word an item on the map may match through
    // (migration 0039, docs/decisions/033-map-search-keys.md).
    index('items_map_search_keys_idx')
      .using('gin', sql`map_search_keys(approx_latitude, approx_longitude, title, description, tags, search_doc)`)
      .where(sql`status = 'available' AND approx_latitude IS NOT NULL AND expires_at IS NOT NULL`),
    // The few hidden items (migration 0030).
    index('items_hidden_idx')
      .on(t.id)
      .where(sql`${t.hiddenAt} IS NOT NULL`),
    check('items_promised_has_person', sql`${t.status} <> 'promised' OR ${t.promisedToId} IS NOT NULL`),
    check('items_status_check', sql`${t.status} in (${inList(ITEM_STATUSES)})`),
    check('items_type_check', sql`${t.type} in (${inList(ITEM_TYPES)})`),
    check('items_offer_has_photo', sql`${t.type} = 'want' OR ${t.imageUrl} <> ''`),
    check('items_photoless_want_no_extras', sql`${t.imageUrl} <> '' OR cardinality(${t.extraImages}) = 0`),
    check('items_latitude_range', sql`${t.latitude} between -90 and 90`),
    check('items_longitude_range', sql`${t.longitude} between -180 and 180`),
    check('items_extra_images_count', sql`cardinality(${t.extraImages}) <= 5`),
    check('items_location_pair', sql`(${t.latitude} is null) = (${t.longitude} is null)`),
    check(
      'items_approx_pair',
      sql`(${t.approxLatitude} is null) = (${t.latitude} is null) and (${t.approxLongitude} is null) = (${t.latitude} is null)`,
    ),
  ],
);

// The points an account's items have published (migration 0041, docs/decisions/006): a new or moved
// item of the account publishes one of them again when it is 200–700 m from its place
// (features/items/published-point.ts). Published points only, which are public anyway; kept when
// the items are deleted, so deleting them does not give the account new cells to learn.
export const publishedPlaces = pgTable(
  'published_places',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    approxLatitude: numeric('approx_latitude', { precision: 7, scale: 5 }).notNull(),
    approxLongitude: numeric('approx_longitude', { precision: 8, scale: 5 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.approxLatitude, t.approxLongitude] })],
);

// The Map view's per-cell counts of listed items' published points (migration 0029,
// docs/decisions/021-map-clusters.md): one row per non-empty Web Mercator cell of levels 2 to 21 (0035),
// kept by statement triggers on items (SQL functions of that migration, not managed by drizzle-kit).
export const itemMapCells = pgTable(
  'item_map_cells',
  {
    level: smallint('level').notNull(),
    x: integer('x').notNull(),
    y: integer('y').notNull(),
    count: integer('count').notNull(),
    sumLat: doublePrecision('sum_lat').notNull(),
    sumLng: doublePrecision('sum_lng').notNull(),
    // The sum of the cell's item ids: a cell of one item names it (migration 0033).
    sumId: bigint('sum_id', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.level, t.x, t.y] }),
    // The cells a statement just emptied, for the trigger to delete without reading the table.
    index('item_map_cells_empty_idx')
      .on(t.level)
      .where(sql`${t.count} <= 0`),
  ],
);

// A conversation is about one item between its owner and one person who wrote about it; the owner
// has one per requester. owner_id is copied from the item so both sides' lists are one index scan.
export const conversations = pgTable(
  'conversations',
  {
    id: serial('id').primaryKey(),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    requesterId: integer('requester_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    // The time of the last message (never earlier than any message's created_at): the unread
    // count skips every conversation not updated since its reader last read it.
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    ownerLastReadAt: timestamp('owner_last_read_at', { withTimezone: true }),
    requesterLastReadAt: timestamp('requester_last_read_at', { withTimezone: true }),
  },
  (t) => [
    // Also the index of the item's foreign key (deleting an item finds its conversations by it).
    uniqueIndex('conversations_item_requester_key').on(t.itemId, t.requesterId),
    index('conversations_owner_updated_idx').on(t.ownerId, t.updatedAt.desc()),
    index('conversations_requester_updated_idx').on(t.requesterId, t.updatedAt.desc()),
    check('conversations_not_self', sql`${t.ownerId} <> ${t.requesterId}`),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    // Null for a message from the app itself, and for one whose sender's account is gone.
    senderId: integer('sender_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  // sender_id: deleting a user sets their messages' sender to null without scanning every message.
  (t) => [index('messages_conversation_id_idx').on(t.conversationId, t.id), index('messages_sender_id_idx').on(t.senderId)],
);

// One user blocking another: no messages either way while it stands. The pair's unique index also
// serves lookups by blocker; blocked_id has its own for the reverse direction and the foreign key.
export const userBlocks = pgTable(
  'user_blocks',
  {
    id: serial('id').primaryKey(),
    blockerId: integer('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: integer('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('user_blocks_pair_key').on(t.blockerId, t.blockedId),
    index('user_blocks_blocked_id_idx').on(t.blockedId),
    check('user_blocks_not_self', sql`${t.blockerId} <> ${t.blockedId}`),
  ],
);

// A report of an item or a user by a signed-in person, for the admins. The subject is a copy of the
// item's title or the username when reported, so the report still reads after what it names is gone.
export const reports = pgTable(
  'reports',
  {
    id: serial('id').primaryKey(),
    reporterId: integer('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    targetType: text('target_type', { enum: REPORT_TARGETS }).notNull(),
    itemId: integer('item_id').references(() => items.id, { onDelete: 'set null' }),
    reportedUserId: integer('reported_user_id').references(() => users.id, { onDelete: 'set null' }),
    // A reported message (migration 0030); its text is copied as the subject.
    messageId: integer('message_id').references(() => messages.id, { onDelete: 'set null' }),
    subject: text('subject').notNull(),
    reason: text('reason', { enum: REPORT_REASONS }).notNull(),
    details: text('details').notNull().default(''),
    status: text('status', { enum: REPORT_STATUSES }).notNull().default('open'),
    createdAt: createdAt(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedById: integer('resolved_by_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('reports_status_created_idx').on(t.status, t.createdAt),
    index('reports_reporter_id_idx').on(t.reporterId),
    index('reports_item_id_idx').on(t.itemId),
    index('reports_reported_user_id_idx').on(t.reportedUserId),
    index('reports_resolved_by_id_idx').on(t.resolvedById),
    index('reports_message_id_idx').on(t.messageId),
    // One open report per person and thing: reporting again while it waits changes nothing.
    uniqueIndex('reports_open_item_key')
      .on(t.reporterId, t.itemId)
      .where(sql`${t.status} = 'open' AND ${t.itemId} IS NOT NULL AND ${t.targetType} = 'item'`),
    uniqueIndex('reports_open_user_key')
      .on(t.reporterId, t.reportedUserId)
      .where(sql`${t.status} = 'open' AND ${t.reportedUserId} IS NOT NULL AND ${t.targetType} = 'user'`),
    uniqueIndex('reports_open_message_key')
      .on(t.reporterId, t.messageId)
      .where(sql`${t.status} = 'open' AND ${t.messageId} IS NOT NULL`),
    uniqueIndex('reports_open_no_show_key')
      .on(t.reporterId, t.itemId)
      .where(sql`${t.status} = 'open' AND ${t.itemId} IS NOT NULL AND ${t.targetType} = 'no_show'`),
    check('reports_target_type_check', sql`${t.targetType} in (${inList(REPORT_TARGETS)})`),
    check('reports_reason_check', sql`${t.reason} in (${inList(REPORT_REASONS)})`),
    check('reports_status_check', sql`${t.status} in (${inList(REPORT_STATUSES)})`),
  ],
);

// One thanks per person and hand-over, from the giver or the receiver to the other (migration 0028).
// The item's title is copied, so a thanks still reads after the item is deleted.
export const thanks = pgTable(
  'thanks',
  {
    id: serial('id').primaryKey(),
    itemId: integer('item_id').references(() => items.id, { onDelete: 'set null' }),
    itemTitle: text('item_title').notNull(),
    fromUserId: integer('from_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    toUserId: integer('to_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('thanks_item_from_key').on(t.itemId, t.fromUserId),
    index('thanks_to_created_idx').on(t.toUserId, t.createdAt.desc()),
    index('thanks_from_user_id_idx').on(t.fromUserId),
    check('thanks_not_self', sql`${t.fromUserId} <> ${t.toUserId}`),
    check('thanks_note_length', sql`char_length(${t.note}) <= 280`),
  ],
);

// The admins' moderation actions, an audit log (migration 0030). The person's name and the item's
// title are copied, so an entry still reads after what it names is gone.
export const moderationActions = pgTable(
  'moderation_actions',
  {
    id: serial('id').primaryKey(),
    action: text('action', { enum: MODERATION_ACTIONS }).notNull(),
    adminId: integer('admin_id').references(() => users.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    itemId: integer('item_id').references(() => items.id, { onDelete: 'set null' }),
    username: text('username'),
    itemTitle: text('item_title'),
    // Null only for a deletion through the body-less DELETE routes called without a reason.
    reason: text('reason'),
    suspendedUntil: timestamp('suspended_until', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('moderation_actions_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('moderation_actions_user_id_idx').on(t.userId),
    index('moderation_actions_admin_id_idx').on(t.adminId),
    index('moderation_actions_item_id_idx').on(t.itemId),
    check('moderation_actions_action_check', sql`${t.action} in (${inList(MODERATION_ACTIONS)})`),
    check('moderation_actions_reason_length', sql`char_length(${t.reason}) between 1 and 500`),
  ],
);

// A support request's thread (migration 0030): the admins' answers and the person's follow-ups.
export const supportReplies = pgTable(
  'support_replies',
  {
    id: serial('id').primaryKey(),
    supportRequestId: integer('support_request_id')
      .notNull()
      .references(() => supportRequests.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    fromAdmin: boolean('from_admin').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('support_replies_request_idx').on(t.supportRequestId, t.id),
    index('support_replies_author_id_idx').on(t.authorId),
    check('support_replies_body_length', sql`char_length(${t.body}) between 1 and 5000`),
  ],
);

/** Server secrets made once per database and shared by every app process (src/server/db/secrets.ts). */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

// An uploaded image (its display-size storage key; the thumbnail's key follows from it) with who
// uploaded it and whether an item uses it. Uploads no item uses are removed once a day old (hourly
// sweep, features/uploads/repository.ts). A deleted uploader leaves the row (user null) to be swept.
export const uploads = pgTable(
  'uploads',
  {
    key: text('key').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    inUse: boolean('in_use').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('uploads_user_id_idx').on(t.userId),
    index('uploads_unused_created_idx')
      .on(t.createdAt)
      .where(sql`NOT ${t.inUse}`),
  ],
);

// A saved search (docs/decisions/016-saved-alerts.md): search text, tag and a place with a radius,
// any of them (at least one). A new item that matches notifies the owner. Matching at post time is
// served by three partial indexes, one per kind of alert (migration 0020): with a place, a GiST
// index on the circle's bounding cube; without a place but with a tag, the lower-cased tag; with
// text alone, one key of the text (alert_text_key(), a SQL function of that migration).
export const savedAlerts = pgTable(
  'saved_alerts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    query: text('query'),
    tag: text('tag'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    radiusM: integer('radius_m'),
    paused: boolean('paused').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('saved_alerts_user_id_idx').on(t.userId, t.id),
    index('saved_alerts_circle_gist')
      .using('gist', sql`earth_box(ll_to_earth(latitude, longitude), radius_m::float8)`)
      .where(sql`latitude IS NOT NULL AND NOT paused`),
    index('saved_alerts_tag_idx')
      .on(sql`lower(tag)`)
      .where(sql`latitude IS NULL AND tag IS NOT NULL AND NOT paused`),
    index('saved_alerts_text_key_idx')
      .on(sql`alert_text_key(query)`)
      .where(sql`latitude IS NULL AND tag IS NULL AND NOT paused`),
    check(
      'saved_alerts_place',
      sql`(${t.latitude} is null) = (${t.longitude} is null) and (${t.latitude} is null) = (${t.radiusM} is null)`,
    ),
    check('saved_alerts_latitude_range', sql`${t.latitude} between -90 and 90`),
    check('saved_alerts_longitude_range', sql`${t.longitude} between -180 and 180`),
    check('saved_alerts_radius_range', sql`${t.radiusM} between 500 and 100000`),
    check('saved_alerts_criterion', sql`${t.query} is not null or ${t.tag} is not null or ${t.latitude} is not null`),
  ],
);

// A browser's Web Push subscription (docs/decisions/020-web-push.md): one per device and account,
// the endpoint unique (a device that signs in as someone else moves to them). Removed when the push
// service answers that it is gone (404, 410), with the account, or when the device turns push off.
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint), index('push_subscriptions_user_id_idx').on(t.userId)],
);

// A queued unit of work the notification worker retries with back-off: due at next_attempt_at; given
// up (failed_at set, kept with its last error) after its attempts.
const retryColumns = () => ({
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
  lastError: text('last_error'),
  failedAt: timestamp('failed_at', { withTimezone: true }),
});

// Posted items still to be matched against the saved alerts: written in the item's own transaction,
// matched by the notification worker (docs/decisions/016-saved-alerts.md), which writes the
// alert_matched events and deletes the row in one transaction. A row that keeps failing is kept, given up.
export const alertMatchJobs = pgTable(
  'alert_match_jobs',
  {
    itemId: integer('item_id')
      .primaryKey()
      .references(() => items.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    ...retryColumns(),
  },
  (t) => [
    index('alert_match_jobs_due_idx')
      .on(t.nextAttemptAt, t.itemId)
      .where(sql`${t.failedAt} IS NULL`),
  ],
);

// Who has heard of an item through their saved alerts: an edited item is matched again, and only
// the people not told of it yet hear of it (one "alert_matched" per person and item, ever).
export const alertTold = pgTable(
  'alert_told',
  {
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.userId] }), index('alert_told_user_id_idx').on(t.userId)],
);

// Notifications (docs/decisions/014-notifications-outbox.md). Every reference cascades: a deleted
// person, item, conversation or support request takes its notifications (and pending events and
// deliveries) with it, so nothing is ever said about a thing that is gone.
const subjectColumns = () => ({
  type: text('type', { enum: NOTIFICATION_TYPES }).notNull(),
  actorId: integer('actor_id').references(() => users.id, { onDelete: 'cascade' }),
  itemId: integer('item_id').references(() => items.id, { onDelete: 'cascade' }),
  conversationId: integer('conversation_id').references(() => conversations.id, { onDelete: 'cascade' }),
  supportRequestId: integer('support_request_id').references(() => supportRequests.id, { onDelete: 'cascade' }),
});

// The outbox: one row per event and recipient, written in the transaction of the change that caused
// it; the worker claims rows (FOR UPDATE SKIP LOCKED), turns each into its notification and
// deliveries, and deletes it in the same transaction. A row that keeps failing is kept, given up.
export const notificationEvents = pgTable(
  'notification_events',
  {
    id: serial('id').primaryKey(),
    recipientId: integer('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ...subjectColumns(),
    // For listing_expiring: the expiry it warns of (a renewal since makes it stale).
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: createdAt(),
    ...retryColumns(),
  },
  (t) => [
    index('notification_events_due_idx')
      .on(t.nextAttemptAt, t.id)
      .where(sql`${t.failedAt} IS NULL`),
    index('notification_events_recipient_id_idx').on(t.recipientId),
    index('notification_events_actor_id_idx').on(t.actorId),
    index('notification_events_item_id_idx').on(t.itemId),
    index('notification_events_conversation_id_idx').on(t.conversationId),
    index('notification_events_support_request_id_idx').on(t.supportRequestId),
    check('notification_events_type_check', sql`${t.type} in (${inList(NOTIFICATION_TYPES)})`),
  ],
);

// The in-app channel: the bell and /notifications. New messages of one conversation are one unread
// entry (count and updated_at go up) until it is read.
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ...subjectColumns(),
    count: integer('count').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_user_updated_idx').on(t.userId, t.updatedAt.desc(), t.id.desc()),
    // Old entries are pruned by age (pruneNotifications).
    index('notifications_updated_at_idx').on(t.updatedAt),
    index('notifications_user_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} IS NULL`),
    uniqueIndex('notifications_unread_conversation_key')
      .on(t.userId, t.type, t.conversationId)
      .where(sql`${t.readAt} IS NULL AND ${t.conversationId} IS NOT NULL`),
    index('notifications_actor_id_idx').on(t.actorId),
    index('notifications_item_id_idx').on(t.itemId),
    index('notifications_conversation_id_idx').on(t.conversationId),
    index('notifications_support_request_id_idx').on(t.supportRequestId),
    check('notifications_type_check', sql`${t.type} in (${inList(NOTIFICATION_TYPES)})`),
  ],
);

// Every other channel (e-mail now, push later): one row per notification and channel, sent by that
// channel's implementation with attempts, back-off and a visible give-up (status failed).
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    id: serial('id').primaryKey(),
    channel: text('channel').notNull(),
    // The person's setting for this type and channel: 'instant', or 'daily' (a digest).
    mode: text('mode').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ...subjectColumns(),
    status: text('status', { enum: DELIVERY_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    // When it is due; while a process sends it, the end of that process's lease.
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notification_deliveries_due_idx')
      .on(t.channel, t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    // Settled ones (sent, dropped, failed) are pruned by age (pruneNotifications).
    index('notification_deliveries_settled_idx')
      .on(t.updatedAt)
      .where(sql`${t.status} <> 'pending'`),
    index('notification_deliveries_failed_idx')
      .on(t.updatedAt.desc())
      .where(sql`${t.status} = 'failed'`),
    index('notification_deliveries_user_id_idx').on(t.userId),
    index('notification_deliveries_actor_id_idx').on(t.actorId),
    index('notification_deliveries_item_id_idx').on(t.itemId),
    index('notification_deliveries_conversation_id_idx').on(t.conversationId),
    index('notification_deliveries_support_request_id_idx').on(t.supportRequestId),
    check('notification_deliveries_type_check', sql`${t.type} in (${inList(NOTIFICATION_TYPES)})`),
    check('notification_deliveries_status_check', sql`${t.status} in (${inList(DELIVERY_STATUSES)})`),
  ],
);

// A person's choices, one row per type and channel they changed; the rest follow the defaults
// (DEFAULT_PREFERENCES in src/shared/notification-rules.ts).
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: NOTIFICATION_TYPES }).notNull(),
    channel: text('channel').notNull(),
    mode: text('mode').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.type, t.channel] })],
);
