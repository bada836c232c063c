import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { AUDIT_AREAS, AUDIT_EVENT_LABELS, areaOf, READ_ONLY_EVENTS } from "./audit";

const SRC = join(import.meta.dir, "..");

/** Every event name the server's code writes to the audit log, found by how each module writes one. */
function auditedEvents(): Set<string> {
  const found = new Set<string>();
  const files = readdirSync(SRC, { recursive: true, encoding: "utf8" }).filter(
    (f) => f.endsWith(".ts") && !f.endsWith(".test.ts") && !f.startsWith("generated"),
  );
  for (const file of files) {
    const text = readFileSync(join(SRC, file), "utf8");
    // audit("x", ...), audit(actor, "x", ...), auditBy(db, actor, "x", ...) over one or more lines.
    for (const m of text.matchAll(/\baudit(?:By)?\(\s*(?:[\w.]+,\s*){0,3}"([a-z_]+(?:\.[a-z_]+)?)"/g))
      found.add(m[1]!);
    // appendAudit(db, { event: "x", ... })
    for (const m of text.matchAll(/\bevent: "([a-z_]+(?:\.[a-z_]+)?)"/g)) found.add(m[1]!);
    // The content screens' edits: changeEvent("article", before, after) is article.update, .publish or .unpublish.
    for (const m of text.matchAll(/changeEvent\("([a-z_]+)"/g)) {
      for (const verb of ["update", "publish", "unpublish"]) found.add(`${m[1]}.${verb}`);
    }
  }
  return found;
}

describe("the audit log's words", () => {
  test("every event the server records has a label in words", () => {
    const events = auditedEvents();
    // The scan itself must see the modules' events, or this test would pass over nothing.
    for (const known of [
      "login.succeeded",
      "logout",
      "submission.status_changed",
      "staff.mfa_reset",
      "desk.closure_added",
      "retention.policy_changed",
      "article.publish",
      "case_study.create",
    ]) {
      expect(events).toContain(known);
    }
    const unlabelled = [...events].filter((e) => !AUDIT_EVENT_LABELS[e]);
    expect(unlabelled).toEqual([]);
  });

  test("every labelled event belongs to an area the log can be filtered by", () => {
    const areas = new Set<string>(AUDIT_AREAS.map((a) => a.value));
    const homeless = Object.keys(AUDIT_EVENT_LABELS).filter((e) => !areas.has(areaOf(e) ?? ""));
    expect(homeless).toEqual([]);
  });

  test("views are the read-only events, and nothing that changes data is among them", () => {
    expect([...READ_ONLY_EVENTS].sort()).toEqual(["submission.viewed", "submissions.listed"]);
  });
});
