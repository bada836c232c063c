import { describe, expect, test } from "bun:test";
import { DEFAULT_BRAND } from "../../contracts/brand-defaults";
import { automaticMail } from "../mail";
import { invitationMessage } from "./mail";

const CTX = { brand: DEFAULT_BRAND, publicUrl: "https://tracewell.example" };

describe("the invitation e-mail", () => {
  test("the inviter's username is text in the HTML part, never a link; the one-time link is a link", () => {
    const mail = automaticMail(
      invitationMessage("casey@tracewell.example", {
        brand: DEFAULT_BRAND,
        link: "https://tracewell.example/admin/join#token",
        invitedBy: "ops@evil.example",
        expiresAt: "2026-11-26T09:00:00.000Z",
        mfaRequired: true,
      }),
      CTX,
    );
    expect(mail.text).toStartWith("ops@evil.example invited you to sign in to the Tracewell admin.");
    expect(mail.html).not.toContain("mailto:ops@evil.example");
    // Read as typed, the word joiners (ADR 224) keeping any mail program from making an address of it.
    expect(mail.html).toContain("ops&#8288;@evil&#8288;.example invited you to sign in");
    expect(mail.html).not.toMatch(/>[^<]*ops@evil\.example/);
    expect(mail.html).toContain('<a href="https://tracewell.example/admin/join#token"');
  });
});
