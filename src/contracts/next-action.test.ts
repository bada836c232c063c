import { expect, test } from "bun:test";
import { nextAction, REQUEST_SECTIONS } from "./next-action";
import { ENGAGEMENT_STAGES } from "./submissions";

test("every engagement stage of an open request has a next action, in one of the page's sections", () => {
  for (const stage of [null, ...ENGAGEMENT_STAGES]) {
    const next = nextAction("in-review", stage, true);
    expect(next.text.length).toBeGreaterThan(0);
    expect(REQUEST_SECTIONS).toContain(next.section);
  }
});

test("the next action follows the stage: respond, draft, send, sign, pay, deliver", () => {
  expect(nextAction("new", null, false)).toEqual({
    text: "Send the first response: reply, or record a call.",
    section: "request",
  });
  expect(nextAction("in-review", null, true).section).toBe("engagement");
  expect(nextAction("quoted", "sent", true).text).toContain("signature");
  expect(nextAction("engaged", "signed", true).section).toBe("money");
  expect(nextAction("engaged", "paid", true).section).toBe("documents");
});

test("a closed or declined request has nothing left to do, whatever its engagement", () => {
  expect(nextAction("closed", "paid", true).text).toBe("Nothing: the request is closed.");
  expect(nextAction("declined", null, false).text).toBe("Nothing: the request was declined.");
});
