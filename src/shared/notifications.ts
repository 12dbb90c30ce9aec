// The contract of notifications: the signed-in person's list (the bell and /notifications), marking
// them read, their preferences per type and channel, and the admins' list of failed deliveries.
import { z } from 'zod';
import {
  CHANNEL_MODES,
  CHANNELS,
  MARK_READ_IDS_MAX,
  NOTIFICATION_MSG,
  NOTIFICATION_TYPES,
  NOTIFICATIONS_PAGE_SIZE,
  type Preferences,
} from './notification-rules.js';

export * from './notification-rules.js';

const wholeNumber = z
  .string()
  .regex(/^[1-9]\d{0,8}$/, NOTIFICATION_MSG.pageInvalid)
  .transform(Number);

/** GET /api/notifications?page=N&limit=N (page from 1, limit up to 50). */
export const listNotificationsQuerySchema = z
  .object({
    page: wholeNumber.optional().default(1),
    limit: wholeNumber
      .refine((n) => n <= 50, NOTIFICATION_MSG.pageInvalid)
      .optional()
      .default(NOTIFICATIONS_PAGE_SIZE),
  })
  .strict();

const person = z.object({ id: z.number(), username: z.string() });

const notificationSchema = z.object({
  id: z.number(),
  type: z.enum(NOTIFICATION_TYPES),
  read: z.boolean(),
  /** How many events this entry stands for (new messages of one conversation are one entry). */
  count: z.number(),
  createdAt: z.string(),
  /** The latest event's time: the list's order. */
  updatedAt: z.string(),
  actor: person.nullable(),
  item: z.object({ id: z.number(), title: z.string() }).nullable(),
  conversationId: z.number().nullable(),
  supportRequest: z.object({ id: z.number(), status: z.string() }).nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListSchema = z.object({
  notifications: z.array(notificationSchema),
  unreadCount: z.number(),
  page: z.number(),
  hasMore: z.boolean(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

export const unreadNotificationsSchema = z.object({ unreadCount: z.number() });

const id = z.number().int().positive().max(2_147_483_647);
/** POST /api/notifications/read: `{ ids: [...] }` (some of mine) or `{ all: true }`. */
export const markReadBodySchema = z.union(
  [
    z.object({ ids: z.array(id, { error: NOTIFICATION_MSG.idsInvalid }).min(1).max(MARK_READ_IDS_MAX) }).strict(),
    z.object({ all: z.literal(true) }).strict(),
  ],
  { error: NOTIFICATION_MSG.readBody },
);
export type MarkReadBody = z.infer<typeof markReadBodySchema>;

const channelsOf = <T extends Record<string, z.ZodType>>(shape: T) => z.object(shape).strict();
const appMode = z.enum(CHANNEL_MODES.app, { error: NOTIFICATION_MSG.preferencesInvalid });
const emailMode = z.enum(CHANNEL_MODES.email, { error: NOTIFICATION_MSG.preferencesInvalid });
const pushMode = z.enum(CHANNEL_MODES.push, { error: NOTIFICATION_MSG.preferencesInvalid });
const typeShape = <T extends z.ZodType>(of: T) =>
  Object.fromEntries(NOTIFICATION_TYPES.map((type) => [type, of])) as Record<(typeof NOTIFICATION_TYPES)[number], T>;

/**
 * Every type with every channel's mode; `channels` are those Settings shows this person: the app and
 * e-mail always, push once one of their devices has it on (docs/decisions/020-web-push.md).
 */
export const preferencesSchema = z.object({
  channels: z.array(z.enum(CHANNELS)),
  preferences: z.object(typeShape(channelsOf({ app: appMode, email: emailMode, push: pushMode }))),
});
export type PreferencesAnswer = { channels: (typeof CHANNELS)[number][]; preferences: Preferences };

/** PUT /api/me/notification-preferences: any types and channels to change; the rest stay. */
export const updatePreferencesBodySchema = z
  .object({
    preferences: z
      .object(typeShape(channelsOf({ app: appMode.optional(), email: emailMode.optional(), push: pushMode.optional() }).optional()))
      .strict(),
  })
  .strict();
export type UpdatePreferencesBody = z.infer<typeof updatePreferencesBodySchema>;

/** One delivery the worker gave up on, for the admins. */
const failedDeliverySchema = z.object({
  id: z.number(),
  channel: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  user: person.nullable(),
  attempts: z.number(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  failedAt: z.string(),
});
export const failedDeliveryListSchema = z.object({ deliveries: z.array(failedDeliverySchema), total: z.number() });
export type FailedDelivery = z.infer<typeof failedDeliverySchema>;
