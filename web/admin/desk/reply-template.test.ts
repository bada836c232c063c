import { expect, test } from "bun:test";
import { DEFAULT_BRAND } from "../../../src/contracts/brand-defaults";
import { SERVICES } from "../../../src/contracts/services";
import { hasPlaceholder } from "../../../src/contracts/submissions";
import { replyDraft } from "./reply-template";

test("the draft quotes the reference, the service, and its published price and turnaround", () => {
  const assetMap = SERVICES.find((s) => s.id === "asset-map");
  const draft = replyDraft({
    reference: "IR-261117-7KQ3",
    name: "Dana Whitfield",
    desiredService: "asset-map",
    author: "morgan",
    brand: DEFAULT_BRAND,
  });
  expect(draft.subject).toBe("Re: We received your request (reference IR-261117-7KQ3)");
  expect(draft.body).toStartWith("Hello Dana,\n");
  expect(draft.body).toContain("request IR-261117-7KQ3 for our Asset Map service");
  expect(draft.body).toContain(`- Price: ${assetMap?.pricing}`);
  expect(draft.body).toContain(`- Turnaround: ${assetMap?.turnaround}`);
  expect(draft.body).toEndWith(`morgan\n${DEFAULT_BRAND.name}`);
  // Staff fill in the scope, timeline and quote: the draft as it stands is not sendable.
  expect(hasPlaceholder(draft.body)).toBe(true);
  expect(hasPlaceholder(draft.body.replace(/\[[^\]]*\]/g, "done"))).toBe(false);
});

test("a request for no particular service gets a draft without a price", () => {
  const draft = replyDraft({
    reference: "IR-261117-7KQ3",
    name: "Lena Marsh",
    desiredService: "other",
    author: undefined,
    brand: DEFAULT_BRAND,
  });
  expect(draft.body).toContain("not sure yet which of our services fits");
  expect(draft.body).not.toContain("Price:");
});
