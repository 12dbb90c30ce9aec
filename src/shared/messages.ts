// User-facing texts of docs/product.md, Pages, Input rules and Messages, word for word. Both sides import them so the
// server's validation messages and the client's form messages are the same strings.

export const MSG = {
  passwordMin: 'Password must be at least 6 characters',
  passwordMax: 'Password must be at most 200 characters',
  passwordsDontMatch: "Passwords don't match",
  usernameRequired: 'Username is required',
  usernameMin: 'Username must be at least 3 characters',
  usernameMax: 'Username must be at most 32 characters',
  usernameChars: 'Username may only contain letters, digits, _, . or -',
  passwordRequired: 'Password is required',
  usernameTaken: 'Username already exists',
  invalidCredentials: 'Invalid username or password',
  notSignedIn: 'You must be signed in',
  adminOnly: 'Admin access required',
  invalidCsrf: 'Invalid CSRF token',
  crossSiteRequest: 'Requests from other sites are not accepted',
  tooManyRequests: 'Too many requests, please try again later',
  phoneInvalid: 'Please enter a valid phone number',
  codeInvalid: 'Reset code must be 6 digits',
  searchRequired: 'Search query is required',
  supportDescriptionMin: 'Please provide more details about your request',
  titleMin: 'Title must be at least 3 characters',
  descriptionMin: 'Description must be at least 10 characters',
  imageUrlRequired: 'Image URL is required',
  notFound: 'Not found',
  nullCharacter: 'Text must not contain null characters (\\u0000)',
  internalError: 'Something went wrong on our side',
  databaseUnavailable: 'The service is temporarily unavailable, please try again shortly',
} as const;

/** Texts of the account-security rules (not in the product's original texts). */
export const SECURITY_MSG = {
  /** The SMS to the old, verified number when the number of its account is changed or removed. */
  phoneChangedNotice: (product: string) =>
    `The phone number of your ${product} account was just changed. If that was not you, sign in, change your password and tell the admins.`,
  phoneRemovedNotice: (product: string) =>
    `The phone number was just removed from your ${product} account. If that was not you, sign in, change your password and tell the admins.`,
} as const;

export const NOT_FOUND_PAGE = {
  heading: '404 Page Not Found',
  text: 'Did you forget to add the page to the router?',
} as const;

export const TOASTS = {
  loginFailed: 'Login failed',
  registrationFailed: 'Registration failed',
  logoutFailed: 'Logout failed',
} as const;
