// How often open pages ask the server again, in a module of its own: the navigation bar (on every
// page's first load) needs UNREAD_POLL_MS, and importing it from conversation-rules.ts pulled that
// module's note texts into the first load of /browse.

/** How often open pages ask for new messages (they rest on the database, so any process answers). */
export const MESSAGES_POLL_MS = 5000;
/** How often every open page asks for the unread counts of the navigation bar (messages, notifications). */
export const UNREAD_POLL_MS = 30_000;
