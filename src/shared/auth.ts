import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN, USERNAME_PATTERN } from './constants.js';
import { LANGUAGE_CODES } from './i18n.js';
import { DISTANCE_UNITS } from './distance-unit.js';
import { MSG } from './messages.js';

export const passwordSchema = z
  .string({ error: MSG.passwordRequired })
  .min(PASSWORD_MIN, MSG.passwordMin)
  .max(PASSWORD_MAX, MSG.passwordMax);

export const usernameSchema = z
  .string({ error: MSG.usernameRequired })
  .trim()
  .min(1, MSG.usernameRequired)
  .min(USERNAME_MIN, MSG.usernameMin)
  .max(USERNAME_MAX, MSG.usernameMax)
  .regex(USERNAME_PATTERN, MSG.usernameChars);

/** Optional + followed by 2 to 15 digits, the first not 0 (docs/product.md, Input rules). */
export const phoneNumberSchema = z.string().regex(/^\+?[1-9]\d{1,14}$/, MSG.phoneInvalid);
/**
 * What the API takes as a phone number: digits with the spaces, dashes, dots and brackets people
 * type, optionally after a +. The server reads it with libphonenumber in PHONE_DEFAULT_REGION and
 * stores E.164, or answers 400 with the same message (src/server/phone.ts).
 */
export const phoneNumberInputSchema = z
  .string({ error: MSG.phoneInvalid })
  .trim()
  .max(40, MSG.phoneInvalid)
  .regex(/^\+?[\d\s().-]*\d[\d\s().-]*$/, MSG.phoneInvalid);

export const registerBodySchema = z.object({
  username: usernameSchema,
  password: passwordSchema,
  isVisible: z.boolean().optional().default(true),
  phoneNumber: phoneNumberInputSchema.optional(),
});
export type RegisterInput = z.output<typeof registerBodySchema>;

/** The register form adds the confirmation, checked on the client only. */
export const registerFormSchema = registerBodySchema
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    message: MSG.passwordsDontMatch,
    path: ['confirmPassword'],
  });

export const loginBodySchema = z.object({
  // Login does not re-check the username's shape: an old or odd name still just fails to match.
  username: z.string({ error: MSG.usernameRequired }).trim().min(1, MSG.usernameRequired).max(200, MSG.invalidCredentials),
  password: z.string({ error: MSG.passwordRequired }).min(1, MSG.passwordRequired).max(PASSWORD_MAX, MSG.invalidCredentials),
  rememberMe: z.boolean().optional().default(false),
});
export type LoginBody = z.input<typeof loginBodySchema>;

export const sessionUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  isAdmin: z.boolean(),
  /** The language the person chose (null: none; the device's or the browser's is used). */
  language: z.enum(LANGUAGE_CODES).nullable(),
  /** The unit distances are shown in (docs/product.md, Distance unit): 'km' unless the person chose 'mi'. */
  distanceUnit: z.enum(DISTANCE_UNITS),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const csrfTokenSchema = z.object({ token: z.string() });
