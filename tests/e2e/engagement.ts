import { type Browser, expect, type Page } from "@playwright/test";
import type { ParsedMail } from "mailparser";
import { DESKTOP, fileIntake, letterSha256, signIn, waitForHydration } from "./helpers";

/**
 * An engagement as the desk and the client make it on a spec's own server: the desk drafts and sends it, the
 * client opens the mailed link and signs. The specs of what follows a signature start here.
 */

/** The firm's time zone on the specs' own servers that set one. */
export const FIRM_TIMEZONE = "America/New_York";

/** Today on the firm's calendar, as a date field takes it (YYYY-MM-DD). */
export const firmToday = () =>
  new Intl.DateTimeFormat("en-CA", { timeZone: FIRM_TIMEZONE }).format(new Date());

const PORTAL_LINK = /http:\/\/127\.0\.0\.1:\d+\/portal#token=[A-Za-z0-9_-]+/;

/**
 * The portal link in an engagement-letter mail, as the client's mail program shows it, once the mail has come:
 * the one after the first `before` such mails, or the newest when `before` is not given.
 */
export async function mailedPortalLink(server: { mail: ParsedMail[] }, before?: number): Promise<string> {
  const letters = () => server.mail.filter((m) => m.subject?.startsWith("Your engagement letter"));
  await expect.poll(() => letters().length, { timeout: 20_000 }).toBeGreaterThan(before ?? 0);
  const mail = before === undefined ? letters().at(-1) : letters()[before];
  const found = mail?.text?.match(PORTAL_LINK);
  if (!found) throw new Error("no portal link in the mail");
  return found[0];
}

/**
 * An intake request whose engagement staff, signed in on the desk, draft and send; the client opens the mailed
 * link, presses Open (each link opens the portal once, so a mail scanner loading it uses nothing), consents and
 * signs the letter they downloaded. Answers the desk's page, the client's (on the portal), the request's id and
 * reference, and the request's admin API path.
 */
export async function signedEngagement(
  browser: Browser,
  server: { origin: string; mail: ParsedMail[] },
  opts: {
    draft: Record<string, unknown>;
    intake?: Record<string, unknown>;
    /** The name the client signs with. */
    signer?: string;
    /** The client's browser's time zone, when it is not the machine's. */
    clientTimezone?: string;
  },
): Promise<{ desk: Page; client: Page; id: number; reference: string; api: string }> {
  const origin = server.origin;
  const same = { origin };
  const reference = await fileIntake(origin, opts.intake);
  const desk = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  await signIn(desk, origin);
  const found = (await (await desk.request.get(`${origin}/api/admin/submissions?q=${reference}`)).json()) as {
    items: { id: number }[];
  };
  const id = found.items[0]?.id as number;
  const api = `${origin}/api/admin/submissions/${id}`;
  expect((await desk.request.put(`${api}/engagement`, { headers: same, data: opts.draft })).status()).toBe(
    200,
  );
  // The letters mailed before this one (an earlier test's, on the same server) are not this client's.
  const mailedBefore = server.mail.filter((m) => m.subject?.startsWith("Your engagement letter")).length;
  expect((await desk.request.post(`${api}/engagement/send`, { headers: same })).status()).toBe(200);
  const link = await mailedPortalLink(server, mailedBefore);

  const client = await (
    await browser.newContext({
      viewport: DESKTOP,
      ...(opts.clientTimezone ? { timezoneId: opts.clientTimezone } : {}),
    })
  ).newPage();
  await client.goto(link);
  await waitForHydration(client);
  await client.getByRole("button", { name: "Open", exact: true }).click();
  await expect(client.getByRole("heading", { name: "1. Consent to sign electronically" })).toBeVisible();
  expect(
    (
      await client.request.post(`${origin}/api/portal/consent`, { headers: same, data: { consent: true } })
    ).status(),
  ).toBe(200);
  expect(
    (
      await client.request.post(`${origin}/api/portal/sign`, {
        headers: same,
        data: {
          fullName: opts.signer ?? "Dana Whitfield",
          agree: true,
          letterSha256: await letterSha256(client, origin),
        },
      })
    ).status(),
  ).toBe(200);
  return { desk, client, id, reference, api };
}

/** Staff record a payment received today by wire, as the desk's payment form does. */
export async function recordPayment(desk: Page, api: string, amountCents: number) {
  const paid = await desk.request.post(`${api}/engagement/payments`, {
    headers: { origin: new URL(api).origin },
    data: { amountCents, receivedOn: firmToday(), method: "Wire" },
  });
  expect(paid.status()).toBe(201);
}
