// The one door of "who may do what" on the server (docs/decisions/039-policies.md). Each action names
// a pure rule of src/shared/policies (the client shows and hides with the same rules) and the
// answer the app has always given when the rule says no: its status and message are part of the
// API (src/server/test/authz-matrix.test.ts asserts every route's).
import { CONVERSATION_MSG, HANDOVER_MSG } from '#shared/conversation-rules.js';
import type { Message } from '#shared/i18n.js';
import { ITEM_MSG } from '#shared/items.js';
import { MSG } from '#shared/messages.js';
import { MODERATION_MSG } from '#shared/moderation.js';
import { PEOPLE_MSG, PROFILE_MSG } from '#shared/people.js';
import type { Actor } from '#shared/policies/actor.js';
import * as admin from '#shared/policies/admin.js';
import * as conversations from '#shared/policies/conversations.js';
import * as items from '#shared/policies/items.js';
import * as notes from '#shared/policies/notes.js';
import * as reports from '#shared/policies/reports.js';
import * as support from '#shared/policies/support.js';
import * as users from '#shared/policies/users.js';
import { REPORT_MSG } from '#shared/reports.js';
import { type AppError, badRequest, forbidden, notFound, unauthorized } from '../errors.js';

export type { Actor } from '#shared/policies/actor.js';

interface Rule<S> {
  allows: (actor: Actor, subject: S) => boolean;
  /** The error when `allows` says no. */
  refusal: (actor: Actor, subject: S) => AppError;
}

const rule = <S>(allows: Rule<S>['allows'], refusal: Rule<S>['refusal']): Rule<S> => ({ allows, refusal });

/** A visitor is asked to sign in (401), a signed-in person is refused with `message` (403). */
const signInOr = (message: Message) => (actor: Actor) => (actor ? forbidden(message) : unauthorized());

/** Every action, its rule and its refusal. */
const RULES = {
  'admin:enter': rule<undefined>(admin.enter, signInOr(MSG.adminOnly)),

  /** A hidden item is not found for anyone but its owner and the admins. */
  'item:see': rule(items.see, () => notFound(ITEM_MSG.notFound)),
  'item:manage': rule(items.manage, signInOr(ITEM_MSG.notYours)),
  'item:thank': rule(items.takesPartInHandOver, signInOr(PROFILE_MSG.notYourHandOver)),

  'note:manage': rule(notes.manage, signInOr(PEOPLE_MSG.noteNotYours)),

  'conversation:start': rule(conversations.start, (actor) => (actor ? badRequest(CONVERSATION_MSG.ownItem) : unauthorized())),
  'conversation:promise': rule(conversations.promise, signInOr(HANDOVER_MSG.ownerOnly)),

  /** A hidden account is "not found" for everyone but itself and the admins. */
  'user:see': rule(users.see, () => notFound(PEOPLE_MSG.userNotFound)),
  'user:moderate': rule(users.moderate, (actor) =>
    !actor ? unauthorized() : !actor.isAdmin ? forbidden(MSG.adminOnly) : forbidden(MODERATION_MSG.adminNotModerated),
  ),
  'user:remove': rule(users.remove, signInOr(PEOPLE_MSG.adminNotDeletable)),

  /** Someone else's support request is not found, as if there were none. */
  'support:see': rule(support.see, () => notFound(PEOPLE_MSG.supportNotFound)),

  'report:item': rule(reports.reportItem, (actor) => (actor ? badRequest(REPORT_MSG.ownItem) : unauthorized())),
  'report:user': rule(reports.reportUser, (actor) => (actor ? badRequest(REPORT_MSG.self) : unauthorized())),
  'report:message': rule(reports.reportMessage, (actor) => (actor ? badRequest(REPORT_MSG.ownMessage) : unauthorized())),
};

export type Action = keyof typeof RULES;
type SubjectOf<A extends Action> = (typeof RULES)[A] extends Rule<infer S> ? S : never;

/** The subject argument: none for actions without one (admin:enter). */
type SubjectArg<A extends Action> = undefined extends SubjectOf<A> ? [subject?: SubjectOf<A>] : [subject: SubjectOf<A>];

/** Whether `actor` may do `action` to `subject` (the rule alone, nothing thrown). */
export function can<A extends Action>(actor: Actor, action: A, ...[subject]: SubjectArg<A>): boolean {
  return (RULES[action] as Rule<SubjectOf<A> | undefined>).allows(actor, subject);
}

/** Throws the action's refusal (401, 400, 403 or 404 with the app's message) unless `actor` may do `action` to `subject`. */
export function authorize<A extends Action>(actor: Actor, action: A, ...[subject]: SubjectArg<A>): void {
  const r = RULES[action] as Rule<SubjectOf<A> | undefined>;
  if (!r.allows(actor, subject)) throw r.refusal(actor, subject);
}
