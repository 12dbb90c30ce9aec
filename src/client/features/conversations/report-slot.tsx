import { createContext, type ReactNode, useContext } from 'react';

/** What a report in a conversation names: a message of the other person, or the other side of the hand-over (a no-show). */
type ConversationReportTarget = { messageId: number } | { noShowItemId: number };

/**
 * Draws a report button (the page gives it: features do not import each other). `iconOnly` is the
 * small flag beside a message; `label` its name or text, `subject` who is reported.
 */
export type ReportSlot = (props: { target: ConversationReportTarget; label: string; subject: string; iconOnly?: boolean }) => ReactNode;

const ReportSlotContext = createContext<ReportSlot | null>(null);

export const ReportSlotProvider = ReportSlotContext.Provider;

/** The page's report button, or nothing where the page gives none. */
export function useReportSlot(): ReportSlot {
  return useContext(ReportSlotContext) ?? (() => null);
}

/** Draws the thanks of a hand-over (the page gives it, from the profiles feature) under the conversation's hand-over panel. */
export type ThanksSlot = (props: { itemId: number }) => ReactNode;

const ThanksSlotContext = createContext<ThanksSlot | null>(null);

export const ThanksSlotProvider = ThanksSlotContext.Provider;

/** The page's thanks, or nothing where the page gives none. */
export function useThanksSlot(): ThanksSlot {
  return useContext(ThanksSlotContext) ?? (() => null);
}
