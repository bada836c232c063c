import { describe, expect, setDefaultTimeout, test } from "bun:test";
import { post, signIn, withCookie } from "../../helpers/admin";
import { makeTestApp } from "../../helpers/app";
import { sha } from "../../helpers/files";
import { pdfText } from "../../helpers/pdf-text";
import { portalClient } from "../../helpers/portal-client";

// Sealed signatures: slow on a busy machine.
setDefaultTimeout(60_000);

const OWNER = "morgan";
const PASSWORD = "trace every transfer";
const clock = { at: new Date("2026-11-16T15:00:00.000Z") };
const t = makeTestApp({ ADMIN_USERNAME: OWNER, ADMIN_PASSWORD: PASSWORD }, { now: () => clock.at });

/** A client who consented and downloaded the letter, and the one call that signs it with a typed name. */
async function readyToSign(admin: string, email: string, name: string) {
  const c = await portalClient(t, clock.at, admin, { email, sign: false, intake: { name } });
  await t.request("/api/portal/consent", withCookie(c.cookie, post({ consent: true })));
  const letter = await t.request("/api/portal/letter.pdf", withCookie(c.cookie));
  const letterSha256 = sha(new Uint8Array(await letter.arrayBuffer()));
  const sign = (fullName: string) =>
    t.request("/api/portal/sign", withCookie(c.cookie, post({ fullName, agree: true, letterSha256 })));
  return { ...c, sign };
}

describe("the signature in the addressed signer's name", () => {
  let admin = "";

  test("another person's name is refused at the field with the letter's name, and nothing is signed", async () => {
    admin = await signIn(t.request, OWNER, PASSWORD);
    const c = await readyToSign(admin, "dana@whitfieldmoss.example", "Dana Whitfield");
    for (const typed of ["Mickey Mouse", "Dana", "Dana Whitfield-Moss"]) {
      const res = await c.sign(typed);
      expect(res.status).toBe(422);
      expect(((await res.json()) as { errors: Record<string, string[]> }).errors.fullName).toEqual([
        "Type your full name as it appears on the letter: Dana Whitfield",
      ]);
    }
    const row = t.db
      .query<{ signed_at: string | null }, [number]>("SELECT signed_at FROM engagements WHERE id = ?")
      .get(c.engagementId);
    expect(row?.signed_at).toBeNull();
  });

  test("the same name in other case, spacing or accents signs, and the certificate names the addressed signer, their address, the name typed and the link to it", async () => {
    const c = await readyToSign(admin, "jose@alvarez.example", "José  Álvarez");
    clock.at = new Date("2026-11-16T15:05:00.000Z");
    const res = await c.sign("  jose   ALVAREZ ");
    expect(res.status).toBe(200);
    const pdf = new Uint8Array(
      await (await t.request("/api/portal/letter.pdf", withCookie(c.cookie))).arrayBuffer(),
    );
    // pdftotext reads the certificate as a reader copies it; the standard fonts draw accents folded.
    const text = pdfText(pdf).replace(/\s+/g, " ");
    expect(text).toContain("Signer (the person the letter is addressed to): Jose Alvarez");
    expect(text).toContain("Signer's email address: jose@alvarez.example");
    expect(text).toContain("Name typed as the signature: jose ALVAREZ");
    expect(text).toContain("The single-use link emailed to jose@alvarez.example on");
  });

  test("a form posted without the script comes back to the name field with the letter's name beside it", async () => {
    const c = await readyToSign(admin, "lee@harbor.example", "Lee Harbor");
    const letter = await t.request("/api/portal/letter.pdf", withCookie(c.cookie));
    const res = await t.request("/api/portal/sign", {
      method: "POST",
      headers: {
        cookie: c.cookie,
        "content-type": "application/x-www-form-urlencoded",
        accept: "text/html",
      },
      body: new URLSearchParams({
        fullName: "Mickey Mouse",
        agree: "on",
        letterSha256: sha(new Uint8Array(await letter.arrayBuffer())),
      }).toString(),
    });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/portal?problem=sign-as-addressed");
    const page = await (await t.request("/portal?problem=sign-as-addressed", withCookie(c.cookie))).text();
    expect(page).toContain("Type your full name as it appears on the letter.");
    expect(page).toContain("Lee Harbor");
  });
});
