import { create } from "zustand";
import { TOAST_DURATION_MS, TOAST_LIMIT, TOAST_REMOVE_DELAY_MS } from "../../src/contracts/constants";
import { afterPress } from "./after-press";
import { type ToastEdge, toastEdge } from "./toast-edge";

export type ToastVariant = "default" | "destructive";

export type Toast = {
  id: number;
  title: string;
  description?: string;
  variant: ToastVariant;
  /** How long it stays before closing by itself. */
  duration: number;
  /** The edge it is shown at, chosen when it opens so it never lies where the person is pressing. */
  edge: ToastEdge;
  open: boolean;
};

type ToastState = {
  toasts: Toast[];
  show: (t: { title: string; description?: string; variant?: ToastVariant; duration?: number }) => number;
  dismiss: (id?: number) => void;
  remove: (id: number) => void;
};

let nextId = 1;

/**
 * Client-only UI state: the server never writes to it, so one module-level store is safe.
 * At most TOAST_LIMIT toasts are kept; a dismissed toast is closed at once and forgotten later.
 */
export const useToastStore = create<ToastState>()((set, get) => ({
  toasts: [],
  show: ({ title, description, variant = "default", duration = TOAST_DURATION_MS }) => {
    const id = nextId++;
    const toast: Toast = { id, title, description, variant, duration, edge: toastEdge(), open: true };
    set((s) => ({ toasts: [toast, ...s.toasts].slice(0, TOAST_LIMIT) }));
    return id;
  },
  dismiss: (id) => {
    const targets = get().toasts.filter((t) => id === undefined || t.id === id);
    set((s) => ({ toasts: s.toasts.map((t) => (targets.includes(t) ? { ...t, open: false } : t)) }));
    for (const t of targets) setTimeout(() => get().remove(t.id), TOAST_REMOVE_DELAY_MS);
  },
  remove: (id) => set((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) })),
}));

/** Shows a toast; one raised while a press is under way waits for the release, so it never lands on the
 * pressed button and takes the click (issue 17). */
export const toast = (t: Parameters<ToastState["show"]>[0]) =>
  afterPress(() => useToastStore.getState().show(t));
