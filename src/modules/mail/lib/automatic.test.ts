import { describe, expect, test } from "bun:test";
import { DEFAULT_BRAND } from "../../../contracts/brand-defaults";
import { AUTOMATIC_HEADERS, automaticMail, htmlAlternative, textColourOn } from "./automatic";
import { composeText, line } from "./compose";

const CTX = { brand: DEFAULT_BRAND, publicUrl: "https://tracewell.example" };

describe("automatic mail", () => {
  test("keeps the text as written and adds the HTML part and the RFC 3834 header", () => {
    const text = "Hello,\n\nYour reference is IR-1.\n";
    const mail = automaticMail({ to: "a@b.example", subject: "Hi", text }, CTX);
    expect(mail.text).toBe(text);
    expect(mail.to).toBe("a@b.example");
    expect(mail.headers["Auto-Submitted"]).toBe("auto-generated");
    expect(mail.headers).toEqual({ ...AUTOMATIC_HEADERS });
    expect(mail.html).toContain('<p style="margin:0 0 16px">Your reference is IR-1.</p>');
  });

  test("numbered and dashed lines become lists; the lines around them stay paragraphs", () => {
    const html = htmlAlternative("What next:\n1. Review\n2. Quote\nThanks\n\n- one\n- two", {
      subject: "s",
      ...CTX,
    });
    expect(html).toMatch(
      /<p[^>]*>What next:<\/p>\n<ol[^>]*><li[^>]*>Review<\/li><li[^>]*>Quote<\/li><\/ol>\n<p[^>]*>Thanks<\/p>/,
    );
    expect(html).toMatch(/<ul[^>]*><li[^>]*>one<\/li><li[^>]*>two<\/li><\/ul>/);
  });

  test("escapes what people typed and links addresses, without the sentence's full stop", () => {
    const html = htmlAlternative(
      'Firm: <b>Moss & "Sons"</b>\nSee https://tracewell.example/admin/submissions/7. Or write to desk@tracewell.example.',
      { subject: "<New>", ...CTX },
    );
    expect(html).toContain("Firm: &lt;b&gt;Moss &amp; &quot;Sons&quot;&lt;/b&gt;");
    expect(html).toContain("<title>&lt;New&gt;</title>");
    expect(html).toContain('<a href="https://tracewell.example/admin/submissions/7" ');
    expect(html).toContain('<a href="mailto:desk@tracewell.example" ');
    expect(html).not.toContain("<b>");
  });

  test("the brand band's text reads at AA on a dark or a light primary colour", () => {
    expect(textColourOn("#0f1f3a")).toBe("#ffffff");
    expect(textColourOn("#f5d76e")).toBe("#000000");
    const light = htmlAlternative("x", {
      subject: "s",
      brand: { ...DEFAULT_BRAND, colours: { ...DEFAULT_BRAND.colours, primary: "#f5d76e" } },
      publicUrl: CTX.publicUrl,
    });
    expect(light).toContain("background:#f5d76e;color:#000000");
  });

  test("a quoted value stays on its line and is never a link; the same address in our own words is one", () => {
    const typed = "https://evil.example/login\r\nReference: IR-FAKE\u2028- urgent";
    const composed = composeText([
      line`Firm: ${typed}`,
      line`${"1. first"} is a value, not a list`,
      "Open https://evil.example/login to compare.",
    ]);
    expect(composed.text).toBe(
      [
        "Firm: https://evil.example/login Reference: IR-FAKE - urgent",
        "1. first is a value, not a list",
        "Open https://evil.example/login to compare.",
      ].join("\n"),
    );
    expect(composed.quoted.map((q) => composed.text.slice(q.start, q.end))).toEqual([
      "https://evil.example/login Reference: IR-FAKE - urgent",
      "1. first",
    ]);
    const mail = automaticMail({ to: "desk@tracewell.example", subject: "New\r\nBcc: x", ...composed }, CTX);
    expect(mail.subject).toBe("New Bcc: x");
    expect(mail.html.match(/<a href="https:\/\/evil\.example\/login"/g)).toHaveLength(1);
    // The value reads as typed, a word joiner (ADR 224) before what would hold an address together.
    expect(mail.html).toContain(
      "Firm: https&#8288;://evil&#8288;.example/login Reference: IR-FAKE - urgent<br>",
    );
    expect(mail.html).not.toMatch(/<ol/);
  });
});
