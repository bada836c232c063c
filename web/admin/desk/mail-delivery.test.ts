import { expect, test } from "bun:test";
import { MAIL_KINDS } from "../../../src/contracts/mail-kinds";
import { deliveryText, MAIL_KIND_LABELS, mailKindLabel } from "./mail-delivery";

const AT = "2026-03-10T14:05:00.000Z";
const pending = { state: "pending" as const, attempts: 0, nextAttemptAt: AT, sentAt: null };

test("every kind of e-mail the outbox sends has a label, and no label is for a kind it never sends", () => {
  // The outbox's own list: a kind added there and not labelled here fails this test, by its name.
  const kinds = Object.keys(MAIL_KINDS);
  expect(kinds.filter((kind) => !MAIL_KIND_LABELS[kind]?.trim())).toEqual([]);
  expect(Object.keys(MAIL_KIND_LABELS).filter((kind) => !kinds.includes(kind))).toEqual([]);
  for (const kind of kinds) expect(mailKindLabel(kind)).not.toBe(kind);
  expect(mailKindLabel("desk-reply")).toBe("Reply to the requester");
  expect(mailKindLabel("something-new")).toBe("something-new");
});

test("one wording for where an e-mail stands, on the desk and the dashboard alike", () => {
  expect(deliveryText(pending)).toBe("Waiting to be sent");
  expect(deliveryText(pending, true)).toBe("Queued: goes out within a minute");
  expect(deliveryText(pending, false)).toBe("Queued until mail is configured on this server");
  expect(deliveryText({ ...pending, attempts: 1 }, false)).toMatch(
    /^Retrying: 1 failed attempt, next try \w+/,
  );
  expect(deliveryText({ ...pending, state: "retrying", attempts: 2 })).toMatch(
    /^Retrying: 2 failed attempts, /,
  );
  expect(deliveryText({ ...pending, state: "failed", attempts: 1 })).toBe(
    "Could not be sent: gave up after 1 attempt",
  );
  expect(deliveryText({ ...pending, state: "sent", attempts: 1 })).toBe("Sent");
  expect(deliveryText({ ...pending, state: "sent", attempts: 1, sentAt: AT })).toBe(
    "Sent 10 Mar 2026, 10:05 AM EDT",
  );
});
