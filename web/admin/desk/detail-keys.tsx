import { useShortcuts } from "../shared/keyboard";

/** `e` on a request's page goes to the reply, wherever the page is scrolled. */
export function DetailKeys() {
  useShortcuts({
    e: () => {
      const body = document.getElementById("reply-body");
      body?.scrollIntoView({ block: "center" });
      body?.focus();
    },
  });
  return null;
}
