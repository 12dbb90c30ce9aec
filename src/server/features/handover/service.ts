// Promise and hand over: the owner sets an item aside for one person who wrote, withdraws that,
// or marks it given. Everyone else who asked about the item is told in their conversation.
import { HANDOVER_MSG } from '#shared/conversations.js';
import { ITEM_MSG, type ItemStatus } from '#shared/items.js';
import type { Db } from '../../db/client.js';
import { badRequest, conflict, notFound } from '../../errors.js';
import { publish } from '../../plugins/live.js';
import { type ItemState, itemAudience, lockItem, noteConversations, setItemState } from './repository.js';

export type HandoverChange = { to: 'promised'; requesterId: number } | { to: 'taken' } | { to: 'available' };

interface HandoverPlan {
  status: ItemStatus;
  promisedToId: number | null;
  /** The person singled out by the notes (the promisee), and what they and everyone else are told. */
  person: number | null;
  toPerson: string | null;
  toOthers: string | null;
}

/** What a change does to an item in this state: a plan, null when it is already so, or an error. */
function planHandover(item: ItemState, change: HandoverChange): HandoverPlan | null {
  const promisee = item.status === 'promised' ? item.promisedToId : null;
  // A want is looked for, not given: it is never promised or handed over (it can only be deleted).
  if (item.type === 'want' && change.to !== 'available') throw badRequest(ITEM_MSG.wantNoHandover);
  switch (change.to) {
    case 'promised':
      if (promisee === change.requesterId) return null;
      if (promisee !== null) throw conflict(HANDOVER_MSG.promisedElsewhere);
      if (item.status !== 'available' || item.lapsed) throw badRequest(HANDOVER_MSG.notOffered);
      return {
        status: 'promised',
        promisedToId: change.requesterId,
        person: change.requesterId,
        toPerson: HANDOVER_MSG.promisedToYou,
        toOthers: HANDOVER_MSG.promisedToOther,
      };
    case 'taken':
      if (item.status === 'taken') return null;
      return {
        status: 'taken',
        promisedToId: promisee,
        person: promisee,
        toPerson: HANDOVER_MSG.givenToYou,
        toOthers: HANDOVER_MSG.goneToOther,
      };
    case 'available':
      if (item.status === 'available') return null;
      if (item.status === 'promised') {
        return {
          status: 'available',
          promisedToId: null,
          person: promisee,
          toPerson: HANDOVER_MSG.withdrawnFromYou,
          toOthers: HANDOVER_MSG.availableAgain,
        };
      }
      // Back from taken: everyone who asked may want it again. Back from expired: nobody was told it went.
      return {
        status: 'available',
        promisedToId: null,
        person: null,
        toPerson: null,
        toOthers: item.status === 'taken' ? HANDOVER_MSG.availableAgain : null,
      };
  }
}

/** Applies a change to the item in one transaction (the item row locked), with the notes it brings. */
export async function changeHandover(db: Db, itemId: number, change: HandoverChange): Promise<void> {
  await db.transaction(async (tx) => {
    const item = await lockItem(tx, itemId);
    if (!item) throw notFound(ITEM_MSG.notFound);
    const plan = planHandover(item, change);
    if (!plan) return;
    await setItemState(tx, itemId, plan.status, plan.promisedToId);
    await noteConversations(tx, itemId, item.ownerId, plan.person, plan.toPerson, plan.toOthers);
    // Sent when the change commits: the pages of the item and its conversations fetch it anew.
    await publish(tx, await itemAudience(tx, itemId), 'item', { itemId, status: plan.status });
  });
}
