// User-facing texts of docs/product.md, Pages, Input rules and Messages, word for word. Both sides import them so the
// server's validation messages and the client's form messages are the same strings.
import type { MessageId } from './i18n.js';

export const MSG = {
  passwordMin: 'api.common.passwordMin',
  passwordMax: 'api.common.passwordMax',
  passwordsDontMatch: 'api.common.passwordsDontMatch',
  passwordHasUsername: 'api.common.passwordHasUsername',
  passwordCommon: 'api.common.passwordCommon',
  usernameRequired: 'api.common.usernameRequired',
  usernameMin: 'api.common.usernameMin',
  usernameMax: 'api.common.usernameMax',
  usernameChars: 'api.common.usernameChars',
  passwordRequired: 'api.common.passwordRequired',
  usernameTaken: 'api.common.usernameTaken',
  invalidCredentials: 'api.common.invalidCredentials',
  notSignedIn: 'api.common.notSignedIn',
  adminOnly: 'api.common.adminOnly',
  invalidCsrf: 'api.common.invalidCsrf',
  crossSiteRequest: 'api.common.crossSiteRequest',
  tooManyRequests: 'api.common.tooManyRequests',
  phoneInvalid: 'api.common.phoneInvalid',
  codeInvalid: 'api.common.codeInvalid',
  searchRequired: 'api.common.searchRequired',
  supportDescriptionMin: 'api.common.supportDescriptionMin',
  titleMin: 'api.common.titleMin',
  descriptionMin: 'api.common.descriptionMin',
  imageUrlRequired: 'api.common.imageUrlRequired',
  notFound: 'api.common.notFound',
  nullCharacter: 'api.common.nullCharacter',
  internalError: 'api.common.internalError',
  databaseUnavailable: 'api.common.databaseUnavailable',
  dataFolderUnavailable: 'api.common.dataFolderUnavailable',
  tooManyRequestsIn: 'api.common.tooManyRequestsIn',
  internalErrorWithReference: 'api.common.internalErrorWithReference',
  bodyNotObject: 'api.common.bodyNotObject',
  invalidRequest: 'api.common.invalidRequest',
  invalidField: 'api.common.invalidField',
  invalidJson: 'api.common.invalidJson',
  emptyJson: 'api.common.emptyJson',
  jsonTooDeep: 'api.common.jsonTooDeep',
  unsupportedMediaType: 'api.common.unsupportedMediaType',
  bodyTooLarge: 'api.common.bodyTooLarge',
  valueOutOfRange: 'api.common.valueOutOfRange',
  concurrentChange: 'api.common.concurrentChange',
  codeSentRecently: 'api.common.codeSentRecently',
  smsFailed: 'api.common.smsFailed',
  metricsToken: 'api.common.metricsToken',
} as const satisfies Record<string, MessageId>;

/** Texts sent by SMS (section `server`, never sent to the browser), in the recipient's language. */
export const SECURITY_MSG = {
  /** The SMS to the old, verified number when the number of its account is changed or removed. */
  phoneChangedNotice: 'server.sms.phoneChanged',
  phoneRemovedNotice: 'server.sms.phoneRemoved',
  /** The phone verification code ({code}, valid {minutes} minutes). */
  phoneCode: 'server.sms.phoneCode',
  /** The password reset code. */
  resetCode: 'server.sms.resetCode',
} as const satisfies Record<string, MessageId>;

/** Toasts of the sign-in forms (the navigation bar's 'Logout failed' is core.nav.logoutFailed: it shows on every page). */
export const TOASTS = {
  loginFailed: 'auth.toasts.loginFailed',
  registrationFailed: 'auth.toasts.registrationFailed',
} as const satisfies Record<string, MessageId>;

/** The API's own validation texts (field names as the API spells them), section api.schema. */
export const SCHEMA_MSG = {
  blockId: 'api.schema.blockId',
  conversationId: 'api.schema.conversationId',
  tagsList: 'api.schema.tagsList',
  exactLocation: 'api.schema.exactLocation',
  itemStatus: 'api.schema.itemStatus',
  renew: 'api.schema.renew',
  statusOrRenew: 'api.schema.statusOrRenew',
  imagesList: 'api.schema.imagesList',
  searchTextMax: 'api.schema.searchTextMax',
  itemId: 'api.schema.itemId',
  vendorNameRequired: 'api.schema.vendorNameRequired',
  vendorNameMax: 'api.schema.vendorNameMax',
  active: 'api.schema.active',
  isVisible: 'api.schema.isVisible',
  noteVisibility: 'api.schema.noteVisibility',
  contentOrVisibility: 'api.schema.contentOrVisibility',
  hasNoteAccess: 'api.schema.hasNoteAccess',
  peopleSearchMax: 'api.schema.peopleSearchMax',
  supportType: 'api.schema.supportType',
  supportStatus: 'api.schema.supportStatus',
  supportDescriptionMax: 'api.schema.supportDescriptionMax',
  isVerified: 'api.schema.isVerified',
  reportId: 'api.schema.reportId',
  userId: 'api.schema.userId',
  noteId: 'api.schema.noteId',
  linkId: 'api.schema.linkId',
  paymentLinkId: 'api.schema.paymentLinkId',
  supportId: 'api.schema.supportId',
  vendorId: 'api.schema.vendorId',
  language: 'api.schema.language',
  distanceUnit: 'api.schema.distanceUnit',
  queryText: 'api.schema.queryText',
  adminSearchMax: 'api.schema.adminSearchMax',
  unknownKeys: 'api.schema.unknownKeys',
} as const satisfies Record<string, MessageId>;
