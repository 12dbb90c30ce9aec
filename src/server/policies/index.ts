// The one door of "who may do what" on the server (docs/decisions/039-policies.md). Each action names
// a pure rule of src/shared/policies (the client shows and hides with the same rules) and the
// answer the app has always given when the rule says no: its status and message are part of the
// API (src/server/test/authz-matrix.test.ts asserts every route's).
import { ITEM_MSG } from '../../shared/items.js';
import type { Message } from '../../shared/i18n.js';
import type { Actor } from '../../shared/policies/actor.js';
import * as items from '../../shared/policies/items.js';
import { type AppError, forbidden, notFound, unauthorized } from '../errors.js';

export type { Actor } from '../../shared/policies/actor.js';

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
  /** A hidden item is not found for anyone but its owner and the admins. */
  'item.see': rule(items.see, () => notFound(ITEM_MSG.notFound)),
  'item.manage': rule(items.manage, signInOr(ITEM_MSG.notYours)),
};

export type Action = keyof typeof RULES;
type SubjectOf<A extends Action> = (typeof RULES)[A] extends Rule<infer S> ? S : never;

/** Whether `actor` may do `action` to `subject` (the rule alone, nothing thrown). */
export function can<A extends Action>(actor: Actor, action: A, subject: SubjectOf<A>): boolean {
  return (RULES[action] as Rule<SubjectOf<A>>).allows(actor, subject);
}

/** Throws the action's refusal (401, 403 or 404 with the app's message) unless `actor` may do `action` to `subject`. */
export function authorize<A extends Action>(actor: Actor, action: A, subject: SubjectOf<A>): void {
  const r = RULES[action] as Rule<SubjectOf<A>>;
  if (!r.allows(actor, subject)) throw r.refusal(actor, subject);
}
