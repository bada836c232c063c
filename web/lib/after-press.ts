import { useRef, useSyncExternalStore } from "react";

/**
 * Whether a mouse button or finger is down, for the whole page. Pressing a button moves focus out of the field
 * before it; whatever that changes (the field's message appearing or going, a toast) could move the button from
 * under the pointer before the release, and the click would never happen (issues 13 and 17). What a press would
 * move waits until it is over and its click has been dispatched.
 */
let pressed = false;
let releasing: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();
const waiting: (() => void)[] = [];

const setPressed = (next: boolean) => {
  if (pressed === next) return;
  pressed = next;
  for (const listener of listeners) listener();
  if (!next) for (const fn of waiting.splice(0)) fn();
};

/** Where and when the last press began, in viewport coordinates: what a new toast keeps clear of. */
let lastPress: { x: number; y: number; at: number } | undefined;

const press = (e: Event) => {
  clearTimeout(releasing);
  if (e instanceof MouseEvent) lastPress = { x: e.clientX, y: e.clientY, at: Date.now() };
  setPressed(true);
};
// The click follows the release within the same task, so a zero timeout ends the press after it. A new press
// before then (a tap's mouse events come after its pointer events) keeps it going.
const release = () => {
  clearTimeout(releasing);
  releasing = setTimeout(() => setPressed(false), 0);
};

let listening = false;
function listen() {
  if (listening || typeof document === "undefined") return;
  listening = true;
  for (const type of ["pointerdown", "mousedown"]) document.addEventListener(type, press, true);
  for (const type of ["pointerup", "mouseup", "pointercancel"])
    document.addEventListener(type, release, true);
  // A release outside the window may never reach the page; leaving the window ends the press too.
  window.addEventListener("blur", release);
}

const subscribe = (listener: () => void) => {
  listen();
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/** Runs `fn` now, or once the press under way is over. */
export function afterPress(fn: () => void): void {
  listen();
  if (pressed) waiting.push(fn);
  else fn();
}

/**
 * `value` as it was when the press under way began, and `value` itself once the press is over: what a field
 * shows under it (message, hint) changes between presses, never during one. Outside a press it is `value`.
 */
export function useSteadyDuringPress<T>(value: T): T {
  const isPressed = useSyncExternalStore(
    subscribe,
    () => pressed,
    () => false,
  );
  const shown = useRef(value);
  if (!isPressed) shown.current = value;
  return shown.current;
}

/** The point of the last press if it began within `withinMs`: where the person's hand is, and may press again. */
export function recentPress(withinMs: number): { x: number; y: number } | undefined {
  return lastPress && Date.now() - lastPress.at <= withinMs ? lastPress : undefined;
}
