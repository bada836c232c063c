import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Glob } from "bun";
import { post, signIn, withCookie } from "../../helpers/admin";
import { makeTestApp } from "../../helpers/app";
import { fileIntake } from "../../helpers/intake";

/**
 * An id the audit log or a deletion receipt names must name that record for ever: after the newest row of a
 * table is deleted, the next row gets a new id, never the deleted one's.
 */
const USER = "morgan";
const PASSWORD = "trace every transfer";
const { request, db } = makeTestApp({ ADMIN_USERNAME: USER, ADMIN_PASSWORD: PASSWORD, TRUST_PROXY: "1" });

/**
 * Every key of an audit entry's detail (or the entry's user) that names a row by id, and the table it names.
 * A new audited id names its table here, and that table needs `id INTEGER PRIMARY KEY AUTOINCREMENT`.
 */
const AUDITED_IDS: Record<string, string> = {
  submissionId: "contact_submissions",
  noteId: "submission_notes",
  replyId: "submission_replies",
  responseId: "submission_responses",
  dataRequestId: "data_requests",
  invitationId: "staff_invitations",
  targetId: "admin_users",
  userId: "admin_users",
  articleId: "articles",
  caseStudyId: "case_studies",
  resourceId: "resources",
  personId: "people",
  testimonialId: "testimonials",
  passkeyId: "passkeys",
  clientPasskeyId: "portal_passkeys",
  deviceId: "portal_devices",
  entryId: "ledger_entries",
};

/** The `…Id` keys written in the arguments of every audit call in the server's source. */
function auditedKeysInSource(): Map<string, string[]> {
  const root = join(import.meta.dir, "..", "..", "..");
  const keys = new Map<string, string[]>();
  for (const file of new Glob("src/**/*.ts").scanSync(root)) {
    if (file.endsWith(".test.ts")) continue;
    const text = readFileSync(join(root, file), "utf8");
    for (const call of text.matchAll(/\b(?:audit|auditBy|appendAudit)\s*\(/g)) {
      let depth = 0;
      let end = (call.index ?? 0) + call[0].length - 1;
      const start = end;
      for (; end < text.length; end++) {
        if (text[end] === "(") depth++;
        else if (text[end] === ")" && --depth === 0) break;
      }
      for (const key of text.slice(start, end).matchAll(/\b([a-z][A-Za-z]*Id)\b\s*[:,}]/g)) {
        const name = key[1] ?? "";
        keys.set(name, [...(keys.get(name) ?? []), file]);
      }
    }
  }
  return keys;
}

const tableSql = (table: string) =>
  (db.query("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?").get(table) as { sql: string })
    .sql;

describe("ids named by the audit log", () => {
  test("every id an audit call writes names a table listed here", () => {
    const found = auditedKeysInSource();
    expect(found.size).toBeGreaterThan(5);
    for (const [key, files] of found) {
      expect({ key, files, table: AUDITED_IDS[key] ?? "not listed" }).not.toMatchObject({
        table: "not listed",
      });
    }
  });

  test("every table they name gives each new row an id never used before (AUTOINCREMENT)", () => {
    for (const table of new Set(Object.values(AUDITED_IDS))) {
      expect({ table, sql: tableSql(table) }).toMatchObject({
        table,
        sql: expect.stringMatching(/\bid\s+INTEGER\s+PRIMARY\s+KEY\s+AUTOINCREMENT\b/i),
      });
    }
  });

  test("a request deleted on the desk keeps its id: the next request gets a new one, and the audit entry still names nothing else", async () => {
    const cookie = await signIn(request, USER, PASSWORD);
    const at = new Date();
    await fileIntake({ request, db }, at, { email: "first@stable-ids.example" });
    const newest = await fileIntake({ request, db }, at, { email: "newest@stable-ids.example" });
    const removal = await request(
      `/api/admin/submissions/${newest.id}`,
      withCookie(cookie, { ...post(), method: "DELETE" }),
    );
    expect(removal.status).toBe(200);
    const next = await fileIntake({ request, db }, at, { email: "next@stable-ids.example" });
    expect(next.id).toBeGreaterThan(newest.id);
    const named = db
      .query(
        "SELECT json_extract(detail, '$.submissionId') AS id FROM audit_log WHERE event = 'submission.deleted'",
      )
      .all() as { id: number }[];
    expect(named).toEqual([{ id: newest.id }]);
    expect(db.query("SELECT id FROM contact_submissions WHERE id = ?").get(newest.id)).toBeNull();
  });
});
