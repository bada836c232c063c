import { describe, expect, setDefaultTimeout, test } from "bun:test";
import { PORTAL_MESSAGES } from "../../../src/contracts/portal";
import { post, signIn } from "../../helpers/admin";
import { makeTestApp } from "../../helpers/app";
import { pdfText } from "../../helpers/pdf-text";
import { portalClient } from "../../helpers/portal-client";

// An intake, a letter and a sealed signature: slow on a busy machine.
setDefaultTimeout(30_000);

const USER = "morgan";
const PASSWORD = "trace every transfer";
const clock = { at: new Date("2026-11-16T15:00:00.000Z") };
const t = makeTestApp(
  {
    ADMIN_USERNAME: USER,
    ADMIN_PASSWORD: PASSWORD,
    PAYMENT_URL: "https://pay.example.com/tracewell?ref={reference}&amount={amount}",
    PAYMENT_INSTRUCTIONS: "Wire to First Example Bank, account 000123",
  },
  { now: () => clock.at },
);
const portal = t.app.decorator.portal;

const form = (cookie: string, fields: Record<string, string>): RequestInit => ({
  method: "POST",
  headers: {
    "content-type": "application/x-www-form-urlencoded",
    accept: "text/html,application/xhtml+xml",
    origin: "http://localhost:3000",
    cookie,
  },
  body: new URLSearchParams(fields).toString(),
});

/** The text of the element marked `data-letter-text` in the page the server renders for the session. */
async function pageLetterText(cookie: string): Promise<string> {
  const res = await t.request("/portal", { headers: { cookie, accept: "text/html" } });
  const parts: string[] = [];
  await new HTMLRewriter()
    .on("[data-letter-text]", {
      text(chunk) {
        parts.push(chunk.text);
      },
    })
    .on("[data-letter-text] *", {
      // Each element is a break between words, as a reader sees it.
      element() {
        parts.push(" ");
      },
    })
    .transform(res)
    .text();
  return parts.join("");
}

const decode = (s: string) =>
  s
    .replaceAll("&amp;", "&")
    .replaceAll("&quot;", '"')
    .replaceAll("&#x27;", "'")
    .replaceAll("&#39;", "'")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">");
const words = (s: string) => decode(s).split(/\s+/).filter(Boolean);

describe("the portal as the client's workspace", () => {
  let client = "";
  let engagementId = 0;
  let reference = "";

  test("the letter in the page is word for word the PDF the client downloads", async () => {
    const admin = await signIn(t.request, USER, PASSWORD);
    const dana = await portalClient(t, clock.at, admin, {
      email: "dana@whitfieldmoss.example",
      sign: false,
    });
    reference = dana.submission.reference;
    engagementId = dana.engagementId;
    client = dana.cookie;

    const pdf = new Uint8Array(
      await (await t.request("/api/portal/letter.pdf", { headers: { cookie: client } })).arrayBuffer(),
    );
    const brand = t.config.brand;
    const oneSpace = (l: string) => l.replace(/\s+/g, " ").trim();
    // What the paper adds around the letter: the letterhead, the running header and footer and page numbers.
    const chrome = new Set([
      brand.name.toUpperCase(),
      brand.slogan,
      oneSpace(`${brand.email} | ${brand.phone} | ${brand.domain}`),
      oneSpace(`${brand.name} | Engagement Letter`),
    ]);
    const lines = pdfText(pdf)
      .split(/\n|\f/)
      .map(oneSpace)
      .filter(
        (l) =>
          l &&
          !chrome.has(l) &&
          !/^Page \d+ of \d+$/.test(l) &&
          !l.startsWith(`${brand.name} | Engagement letter,`),
      );
    // After the acceptance, the paper's blank signature lines with their captions and parties: the page's
    // signing step stands for them.
    const acceptance = lines.lastIndexOf("Acceptance");
    const signatureLines = new Set(["Signature", "Printed name and date", "Client", brand.name]);
    const paper = lines
      .filter((l, i) => i < acceptance || !signatureLines.has(l))
      .join(" ")
      .replaceAll("\u2022", " ");
    const page = await pageLetterText(client);
    expect(words(page).length).toBeGreaterThan(500);
    expect(words(page).join(" ")).toBe(words(paper).join(" "));
    // The page names the letter the PDF is: what the client reads and what they sign are one.
    expect(words(page)).toContain(reference);
  });

  test("a letter kept before its text was: written out once from its terms as sent, then kept with it", async () => {
    const letterOf = async () =>
      (
        (await (await t.request("/api/portal", { headers: { cookie: client } })).json()) as {
          engagement: { letter: { title: string; blocks: unknown[] } | null };
        }
      ).engagement.letter;
    const kept = await letterOf();
    // As an earlier version kept it: the PDF without the document it was laid out from.
    t.db.run("UPDATE engagements SET letter_spec = NULL WHERE id = ?", [engagementId]);
    const specOf = () =>
      t.db
        .query<{ spec: string | null }, [number]>("SELECT letter_spec AS spec FROM engagements WHERE id = ?")
        .get(engagementId)?.spec ?? null;
    expect(await letterOf()).toEqual(kept);
    // Frozen since it was sent: written out at the first reading and kept, sealed like the PDF, not again at each.
    const stored = specOf();
    expect(stored).not.toBeNull();
    expect(stored?.includes(reference)).toBe(false);
    expect(await letterOf()).toEqual(kept);
    expect(specOf()).toBe(stored);
  });

  test("/portal's API without a session says how to open the engagement; a session that ended says it ended", async () => {
    const none = await t.request("/api/portal");
    expect(none.status).toBe(401);
    expect(((await none.json()) as { error: string }).error).toBe(PORTAL_MESSAGES.noSession);
    const ended = await t.request("/api/portal", { headers: { cookie: "tw_portal=a-session-long-gone" } });
    expect(ended.status).toBe(401);
    expect(((await ended.json()) as { error: string }).error).toBe(PORTAL_MESSAGES.signedIn);
  });

  test("a signature refused without the script names what is wrong: the box, the name, or both", async () => {
    expect((await t.request("/api/portal/consent", form(client, { consent: "on" }))).status).toBe(303);
    const letterSha256 = portal.repo.byId(engagementId)?.letterSha256 ?? "";
    const cases: [Record<string, string>, string][] = [
      [{ fullName: "Dana Whitfield", letterSha256 }, "sign-agree"],
      [{ fullName: "", agree: "on", letterSha256 }, "sign-name"],
      [{ fullName: "", letterSha256 }, "sign"],
    ];
    for (const [fields, word] of cases) {
      const res = await t.request("/api/portal/sign", form(client, fields));
      expect(res.status).toBe(303);
      expect(res.headers.get("location")).toBe(`/portal?problem=${word}`);
    }
    // The page it comes back to marks the field, says why under it and puts focus there.
    const html = await (
      await t.request("/portal?problem=sign-agree", { headers: { cookie: client, accept: "text/html" } })
    ).text();
    const box = /<input[^>]*name="agree"[^>]*>/.exec(html)?.[0] ?? "";
    expect(box).toContain('autofocus=""');
    expect(box).toContain('aria-invalid="true"');
    expect(box).toContain('aria-describedby="portal-agree-error"');
    const name = /<input[^>]*name="fullName"[^>]*>/.exec(html)?.[0] ?? "";
    expect(name).not.toContain("aria-invalid");
    expect(html).toContain('id="portal-agree-error"');
    expect(html).toContain("Tick &quot;I agree to sign&quot; to sign.");
    expect(html).not.toContain("Type your full name, on one line, to sign.");
    // The script's path: one message per field, each naming what is wrong.
    const scripted = await t.request("/api/portal/sign", {
      ...post({ fullName: "Dana Whitfield", agree: false, letterSha256 }),
      headers: { "content-type": "application/json", origin: "http://localhost:3000", cookie: client },
    });
    expect(scripted.status).toBe(422);
    expect(((await scripted.json()) as { errors: Record<string, string[]> }).errors).toEqual({
      agree: ['Tick "I agree to sign" to sign'],
    });
  });

  test("once signed, the engagement carries what is due, by when, and the Pay link", async () => {
    const letterSha256 = portal.repo.byId(engagementId)?.letterSha256 ?? "";
    const signed = await t.request(
      "/api/portal/sign",
      form(client, { fullName: "Dana Whitfield", agree: "on", letterSha256 }),
    );
    expect(signed.headers.get("location")).toBe("/portal");
    const view = (await (await t.request("/api/portal", { headers: { cookie: client } })).json()) as {
      engagement: { payment: unknown; clientName: string };
    };
    expect(view.engagement.payment).toEqual({
      amountDueCents: 350_000,
      dueOn: "2026-11-16",
      payUrl: `https://pay.example.com/tracewell?ref=${reference}&amount=3500.00`,
      instructions: "Wire to First Example Bank, account 000123",
    });
    expect(view.engagement.clientName).toBe("Dana Whitfield");

    // The signed letter as its reader reads it: its date and the signatures' dates in the product's one style
    // (ADR 266), never the machine's YYYY-MM-DD; only the certificate's evidence keeps its UTC instants.
    const signedPdf = new Uint8Array(
      await (await t.request("/api/portal/letter.pdf", { headers: { cookie: client } })).arrayBuffer(),
    );
    const [letterPages = ""] = pdfText(signedPdf).split("Certificate of completion");
    expect(letterPages.match(/\d{4}-\d{2}-\d{2}/g)).toBeNull();
    expect(letterPages.split("16 Nov 2026").length - 1).toBeGreaterThanOrEqual(3);
  });
});
