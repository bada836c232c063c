import { useShortcuts } from "../shared/keyboard";

/**
 * `e` on a request's page goes to the reply, wherever the page is scrolled: to the message being written, or
 * through the composer's own Write a Reply button, which opens the draft and focuses its message.
 */
export function DetailKeys() {
  useShortcuts({
    e: () => {
      const body = document.getElementById("reply-body");
      if (body) {
        body.scrollIntoView({ block: "center" });
        body.focus();
        return;
      }
      const section = document.querySelector('section[aria-labelledby="reply-title"]');
      section?.scrollIntoView({ block: "start" });
      section?.querySelector("button")?.click();
    },
  });
  return null;
}
