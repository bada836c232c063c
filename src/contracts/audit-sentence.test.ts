import { describe, expect, test } from "bun:test";
import { auditSentence } from "./audit";

const status = (s: string) => ({ new: "New", "in-review": "In review" })[s] ?? s;
const text = (parts: ReturnType<typeof auditSentence>) => parts.map((p) => p.text).join("");

describe("an audit entry read as a sentence", () => {
  test("a payment names its request by reference, as a link, and its amount as money", () => {
    const parts = auditSentence({ submissionId: 12, amountCents: 150050 }, "IR-261127-7KQ3", status);
    expect(text(parts)).toBe("Request IR-261127-7KQ3: amount $1,500.50.");
    expect(parts).toContainEqual({ text: "IR-261127-7KQ3", submissionId: 12 });
    expect(text(auditSentence({ submissionId: 12, amountCents: 250000 }, "IR-261127-7KQ3", status))).toBe(
      "Request IR-261127-7KQ3: amount $2,500.",
    );
  });

  test("a status change says from which status to which", () => {
    const parts = auditSentence({ submissionId: 3, from: "new", to: "in-review" }, "IR-261127-AB23", status);
    expect(text(parts)).toBe("Request IR-261127-AB23: from New to In review.");
  });

  test("a request deleted since is named by its number; other facts by their names", () => {
    expect(text(auditSentence({ submissionId: 9, noteId: 4 }, undefined, status))).toBe(
      "Request #9: note id 4.",
    );
    expect(text(auditSentence({ articleId: 2, published: true }, undefined, status))).toBe(
      "Article id 2, published yes.",
    );
    expect(auditSentence(null, undefined, status)).toEqual([]);
  });
});
