// Toast state shared by the whole app (shadcn style): `toast()` can be called from anywhere,
// the <Toaster /> renders what is in the store. docs/product.md, Constants: one toast visible at a time,
// and a dismissed toast stays in memory for TOAST_REMOVE_DELAY_MS before it is removed.
import { type ReactNode, useSyncExternalStore } from 'react';
import { TOAST_LIMIT, TOAST_REMOVE_DELAY_MS } from '#shared/constants.js';

type ToastVariant = 'default' | 'destructive';

type ToasterToast = {
  id: string;
  title?: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  /** Overrides the provider's auto-close delay for this toast (ms). */
  duration?: number;
  /** A link the toast offers (e.g. "View item" after posting). */
  action?: { label: string; href: string };
  open: boolean;
};

export type ToastInput = Omit<ToasterToast, 'id' | 'open'>;

type State = { toasts: ToasterToast[] };

let count = 0;
function genId(): string {
  count = (count + 1) % Number.MAX_SAFE_INTEGER;
  return String(count);
}

let state: State = { toasts: [] };
const listeners = new Set<() => void>();
const removeTimeouts = new Map<string, ReturnType<typeof setTimeout>>();

function setState(next: State): void {
  state = next;
  for (const listener of listeners) listener();
}

function scheduleRemoval(id: string): void {
  if (removeTimeouts.has(id)) return;
  const timeout = setTimeout(() => {
    removeTimeouts.delete(id);
    setState({ toasts: state.toasts.filter((t) => t.id !== id) });
  }, TOAST_REMOVE_DELAY_MS);
  removeTimeouts.set(id, timeout);
}

function add(toast: ToasterToast): void {
  setState({ toasts: [toast, ...state.toasts].slice(0, TOAST_LIMIT) });
}

function update(id: string, patch: Partial<ToasterToast>): void {
  setState({ toasts: state.toasts.map((t) => (t.id === id ? { ...t, ...patch } : t)) });
}

/** Closes one toast, or all when no id is given; they are removed from memory later. */
export function dismiss(id?: string): void {
  for (const t of state.toasts) if (id === undefined || t.id === id) scheduleRemoval(t.id);
  setState({
    toasts: state.toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)),
  });
}

/** Shows a toast; returns handles to update or close it. */
export function toast(input: ToastInput) {
  const id = genId();
  add({ ...input, id, open: true });
  return {
    id,
    dismiss: () => dismiss(id),
    update: (patch: ToastInput) => update(id, patch),
  };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getSnapshot = () => state;

export function useToast() {
  const current = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  return { toasts: current.toasts, toast, dismiss };
}
