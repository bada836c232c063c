import { useEffect, useRef } from "react";

/** Keys typed into a field, or pressed with Ctrl, Alt or Cmd, are the field's and the browser's, never ours. */
export function isTyping(e: KeyboardEvent): boolean {
  if (e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented) return true;
  const t = e.target as HTMLElement | null;
  if (!t) return false;
  if (t.isContentEditable) return true;
  const tag = t.tagName;
  return tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT" || Boolean(t.closest("dialog[open]"));
}

/** Single-key shortcuts for the screen while it is shown: a map from the key ("j", "/", "?") to what it does. */
export function useShortcuts(keys: Record<string, () => void>) {
  const latest = useRef(keys);
  latest.current = keys;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (isTyping(e)) return;
      const action = latest.current[e.key];
      if (!action) return;
      e.preventDefault();
      action();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);
}

/** The shortcuts of the admin, as the `?` dialog lists them. */
export const SHORTCUTS: readonly { keys: string; what: string; where: string }[] = [
  { keys: "/", what: "Search the requests", where: "Submissions" },
  { keys: "j", what: "Next request", where: "Submissions" },
  { keys: "k", what: "Previous request", where: "Submissions" },
  { keys: "Enter", what: "Open the request", where: "Submissions" },
  { keys: "x", what: "Select or unselect the request", where: "Submissions" },
  { keys: "e", what: "Write a reply", where: "A request" },
  { keys: "Ctrl K (⌘ K on a Mac)", what: "Go to a request or screen", where: "Everywhere" },
  { keys: "?", what: "Show these keys", where: "Everywhere" },
];
