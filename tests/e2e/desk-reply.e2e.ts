import type { APIRequestContext, Page } from "@playwright/test";
import { validIntake } from "../helpers/intake-body";
import { expect, test } from "./fixtures";
import { DESKTOP, expectNoAxeViolations, PHONE, signIn, waitForHydration, watchForErrors } from "./helpers";

const ACKNOWLEDGMENT =
  "I understand that work is performed under a written Engagement Letter defining scope, fees and confidentiality, and that some services may require attorney direction.";

/**
 * Each visitor of this spec has an address of its own (the e2e server trusts X-Forwarded-For), so these
 * requests do not use up the intake's hourly allowance that the other specs' requests from 127.0.0.1 share.
 */
const visitor = () => ({
  "x-forwarded-for": `198.18.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`,
});

/** An earlier request from the same person, through the public API. */
async function earlierRequest(request: APIRequestContext, baseURL: string, email: string): Promise<string> {
  const res = await request.post("/api/contact", {
    headers: { origin: baseURL, ...visitor() },
    data: validIntake(new Date(), {
      name: "Harriet Okoye",
      firm: "Okoye Family Law",
      email,
      phone: "(212) 555-0147",
      subjectType: "individual",
      jurisdictions: "Kings County, NY",
      desiredService: "individual-asset-check",
      description: "An earlier matter: a quick public-records check on one person.",
    }),
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { reference: string }).reference;
}

/**
 * A visitor who found the Asset Map page through a search engine, then sent the form. The browser's clock
 * moves a minute on once the form is open, as if they had spent that long on it (a quicker send looks like a
 * bot).
 */
async function visitAndRequest(page: Page, name: string, email: string) {
  await page.setExtraHTTPHeaders(visitor());
  await page.clock.install();
  await page.goto("/services/asset-map", { referer: "https://www.google.com/search?q=asset+search" });
  await waitForHydration(page);
  await page.goto("/contact");
  await waitForHydration(page);
  await page.clock.fastForward(60_000);
  await page.getByLabel("Full name").fill(name);
  await page.getByLabel("Firm or organization (optional)").fill("Okoye Family Law");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Phone").fill("(212) 555-0147");
  await page.getByLabel("Your role").selectOption("attorney");
  await page.getByLabel("Matter type").selectOption("family-law");
  await page.getByLabel("Subject type").selectOption("both");
  await page.getByLabel("Service you need").selectOption("asset-map");
  await page.getByLabel("Jurisdictions").fill("Kings County, NY; Delaware entities");
  await page
    .getByLabel("Brief description of the matter")
    .fill(
      "Divorce. The other side holds a brownstone through an LLC; we need an asset map before mediation.",
    );
  await page.getByLabel(ACKNOWLEDGMENT).check();
  await page.getByRole("button", { name: "Submit Request" }).click();
  await expect(page).toHaveURL(/\/thanks$/);
}

async function openRequest(page: Page, name: string) {
  await page.goto(`/admin/submissions?q=${encodeURIComponent(name)}`);
  await waitForHydration(page);
  await page.getByRole("link", { name }).first().click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
}

test("compose a reply from the desk and see it on the request's history, at 1280 px", async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const name = "Harriet Reply-Check";
  const email = "harriet@okoyelaw.example";
  const earlier = await earlierRequest(request, baseURL!, email);
  await page.setViewportSize(DESKTOP);
  const problems = watchForErrors(page);
  await visitAndRequest(page, name, email);
  await signIn(page);
  await openRequest(page, name);

  // The conflict pre-screen and where the request came from.
  const related = page.getByRole("region", { name: "Conflict check: other requests" });
  await expect(related.getByRole("link", { name: earlier })).toBeVisible();
  await expect(related).toContainText("same email, same firm");
  const source = page.getByRole("region", { name: "How they found us" });
  await expect(source.getByRole("link", { name: "/services/asset-map" })).toBeVisible();
  await expect(source).toContainText("www.google.com");

  const history = page.getByRole("list", { name: "History" });
  await expect(history.getByText("Request received")).toBeVisible();
  await expect(history.getByText("Confirmation email", { exact: true })).toBeVisible();

  // The draft quotes the reference, the service and its published price and turnaround.
  await page.getByRole("button", { name: "Write a Reply" }).click();
  const subject = page.getByLabel("Subject");
  const message = page.getByLabel("Message");
  await expect(message).toBeFocused();
  await expect(subject).toHaveValue(/^Re: We received your request \(reference IR-\d{6}-[A-Z0-9]{4}\)$/);
  const reference = (await subject.inputValue()).match(/IR-\d{6}-[A-Z0-9]{4}/)?.[0] ?? "";
  await expect(message).toHaveValue(new RegExp(`request ${reference} for our Asset Map service`));
  await expect(message).toHaveValue(/- Price: \$3,500–\$5,000 flat rate/);
  await expect(message).toHaveValue(/- Turnaround: 5–10 days \(72-hour rush available\)/);
  await expectNoAxeViolations(page);

  // An empty message is refused under the field; an edited one is sent.
  await message.fill("");
  await page.getByRole("button", { name: "Send Reply" }).click();
  await expect(message).toHaveAccessibleDescription(/Write the reply before sending it/);
  await subject.fill("Your Asset Map quote");
  await message.fill(
    "Hello Harriet,\n\nScope: property and entities in Kings County and Delaware.\nTimeline: 7 days.\nQuote: $4,200 flat rate.\n\nKind regards,\nadmin",
  );
  await page.getByRole("button", { name: "Send Reply" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Reply Saved" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Write a Reply" })).toBeFocused();

  const reply = history.getByRole("listitem").filter({ hasText: "Reply by admin" });
  await expect(reply.getByText("Your Asset Map quote")).toBeVisible();
  await expect(reply.getByText("Quote: $4,200 flat rate.", { exact: false })).toBeVisible();
  // This server has no SMTP_URL: the reply waits in the outbox, and the history says so.
  await expect(reply.getByText("Queued until mail is configured on this server")).toBeVisible();

  await page.getByLabel("Where this request stands").selectOption({ label: "Quoted" });
  // The choice is the change: no Save Status.
  await expect(history.getByText("Status changed from New to Quoted by admin")).toBeVisible();

  await expectNoAxeViolations(page);
  await page.screenshot({ path: "test-results/desk-reply-desktop.png", fullPage: true });
  expect(problems).toEqual([]);
});

test("compose and send a reply on a phone, at 390 px", async ({ page, request, baseURL }) => {
  test.setTimeout(90_000);
  const name = "Harriet Phone-Reply";
  await earlierRequest(request, baseURL!, "harriet.phone@okoyelaw.example");
  await page.setViewportSize(PHONE);
  await visitAndRequest(page, name, "harriet.phone@okoyelaw.example");
  await signIn(page);
  await openRequest(page, name);
  await page.getByRole("button", { name: "Write a Reply" }).click();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: "test-results/desk-reply-phone-compose.png", fullPage: true });
  // The draft's bracketed parts must be filled in before it can go.
  const message = page.getByLabel("Message");
  await page.getByRole("button", { name: "Send Reply" }).click();
  await expect(message).toHaveAccessibleDescription(/Replace the bracketed parts/);
  const draft = await message.inputValue();
  await message.fill(
    draft
      .replace("[what we will search and deliver]", "property, entities and vehicles in New York")
      .replace("[when you will have it]", "10 days")
      .replace("[flat rate or fixed fee]", "$3,900 flat rate"),
  );
  await page.getByRole("button", { name: "Send Reply" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Reply Saved" })).toBeVisible();
  const history = page.getByRole("list", { name: "History" });
  await expect(history.getByText("Reply by admin")).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: "test-results/desk-reply-phone.png", fullPage: true });
});
