import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";

/**
 * Each table has one owning module (ADR 233): only the owner's code names it in SQL; every other module asks the
 * owner through its index.ts. This reads every string in the server's code (the migrations, which build the
 * tables, are exempt), finds the tables its SQL names and checks that the file belongs to their owner.
 */
const ROOT = resolve(import.meta.dir, "..");
const SRC = join(ROOT, "src");
const MIGRATIONS = join(SRC, "db", "migrations");

/** Who owns each table. A feature is its folder's name; "db" is src/db (the connection and the cipher). */
export const TABLE_OWNERS: Record<string, string> = {
  admin_users: "auth",
  sessions: "auth",
  recovery_codes: "auth",
  passkeys: "auth",
  passkey_challenges: "auth",
  audit_log: "audit",
  staff_invitations: "staff",
  mail_outbox: "mail",
  contact_submissions: "desk",
  submission_events: "desk",
  submission_notes: "desk",
  submission_replies: "desk",
  submission_responses: "desk",
  search_fact_changes: "desk",
  desk_closures: "desk",
  scheduled_runs: "desk",
  due_times_basis: "desk",
  articles: "content",
  article_revisions: "content",
  resources: "content",
  case_studies: "content",
  people: "firm",
  testimonials: "firm",
  firm_settings: "firm",
  engagements: "engagements",
  engagement_events: "engagements",
  engagement_payments: "engagements",
  portal_links: "engagements",
  portal_sessions: "engagements",
  engagement_signers: "engagements",
  portal_devices: "engagements",
  portal_passkeys: "engagements",
  portal_passkey_challenges: "engagements",
  documents: "documents",
  document_files_deleted: "documents",
  consultations: "consultation",
  consultation_changes: "consultation",
  subscriptions: "subscriptions",
  subscription_charges: "subscriptions",
  subscription_sweeps: "subscriptions",
  subscription_events: "subscriptions",
  backup_runs: "backups",
  ledger_entries: "ledger",
  ledger_disputes: "ledger",
  processor_payments: "payments",
  statements: "statements",
  statement_failures: "statements",
  document_request_items: "document-requests",
  document_request_events: "document-requests",
  document_request_files: "document-requests",
  document_request_reminders: "document-requests",
  document_request_reminder_items: "document-requests",
  document_request_pauses: "document-requests",
  document_request_templates: "document-requests",
  data_requests: "privacy",
  retention_policy: "privacy",
  data_keys_in_use: "db",
  data_key_holders: "db",
  data_key_copies: "db",
  data_at_rest: "db",
};

/** Tables a migration made and a later one dropped: no running code may name them. */
const RETIRED = new Set(["mail_outbox_v2"]);

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "generated" || path === MIGRATIONS ? [] : files(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The module a file belongs to: its feature folder, or src/db; anything else (app.ts, ops/, http/) owns no table. */
export const moduleOf = (path: string) =>
  /^src\/modules\/([^/]+)\//.exec(path)?.[1] ?? (path.startsWith("src/db/") ? "db" : "(none)");

/**
 * The string literals of a source file: quoted and template strings, comments dropped, a template's `${...}`
 * read as a placeholder (a table name built at run time is the cipher's walk over every table, not a query).
 */
export function literals(source: string): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < source.length) {
    const c = source[i];
    const next = source[i + 1];
    if (c === "/" && next === "/") {
      i = source.indexOf("\n", i);
      if (i < 0) break;
    } else if (c === "/" && next === "*") {
      i = source.indexOf("*/", i + 2);
      if (i < 0) break;
      i += 2;
    } else if (c === '"' || c === "'" || c === "`") {
      let text = "";
      let j = i + 1;
      while (j < source.length && source[j] !== c) {
        if (source[j] === "\\") {
          text += source[j + 1];
          j += 2;
        } else if (c === "`" && source[j] === "$" && source[j + 1] === "{") {
          // Skip the placeholder's expression, nested braces and all; its own strings are read on their own.
          let depth = 1;
          let k = j + 2;
          const start = k;
          while (k < source.length && depth > 0) {
            if (source[k] === "{") depth++;
            else if (source[k] === "}") depth--;
            k++;
          }
          out.push(...literals(source.slice(start, k - 1)));
          text += " __placeholder__ ";
          j = k;
        } else {
          text += source[j];
          j++;
        }
      }
      out.push(text);
      i = j + 1;
    } else i++;
  }
  return out;
}

const STOP =
  /^(WHERE|SET|ON|USING|VALUES|GROUP|ORDER|LIMIT|LEFT|INNER|CROSS|OUTER|JOIN|UNION|HAVING|RETURNING|DEFAULT|SELECT|EXCEPT|INTERSECT)$/;

/**
 * The tables one piece of SQL names: after FROM (each of a comma list), JOIN, INTO, UPDATE and DELETE FROM, and
 * as the argument of a table-valued pragma. Keywords are read in capitals, as the code writes SQL, so prose such
 * as "from documents" is not mistaken for a query.
 */
export function tablesIn(sql: string): string[] {
  const found = new Set<string>();
  const known = (name: string) => name in TABLE_OWNERS || RETIRED.has(name);
  for (const m of sql.matchAll(/\b(FROM|JOIN|INTO|UPDATE)\s+(?=([^;()]*))/g)) {
    const words = (m[2] as string).split(/\s+/);
    const list: string[] = [];
    let current = "";
    for (const word of words) {
      if (STOP.test(word)) break;
      current += `${word} `;
    }
    // A FROM list is comma separated (FROM a, b x); JOIN, INTO and UPDATE name one table.
    for (const item of m[1] === "FROM" ? current.split(",") : [current])
      list.push(item.trim().split(/\s+/)[0] ?? "");
    for (const name of list.map((n) => n.replace(/^["`[]|["`\]]$/g, ""))) if (known(name)) found.add(name);
  }
  for (const m of sql.matchAll(/\bpragma_\w+\(\s*'(\w+)'/g))
    if (known(m[1] as string)) found.add(m[1] as string);
  return [...found];
}

/** Every SQL string that names a table its file's module does not own, as "file: table (owner)". */
export function crossings(): string[] {
  const out = new Set<string>();
  for (const file of files(SRC)) {
    const path = relative(ROOT, file);
    const mine = moduleOf(path);
    for (const text of literals(readFileSync(file, "utf8")))
      for (const table of tablesIn(text)) {
        const owner = TABLE_OWNERS[table] ?? "(retired)";
        if (owner !== mine) out.add(`${path}: ${table} (${owner})`);
      }
  }
  return [...out].sort();
}

describe("table ownership", () => {
  test("every table the migrations create has one owner named here", () => {
    const created = new Set<string>();
    const migrations = readdirSync(MIGRATIONS).filter((n) => n.endsWith(".ts"));
    for (const name of migrations)
      for (const text of literals(readFileSync(join(MIGRATIONS, name), "utf8")))
        for (const m of text.matchAll(
          /CREATE\s+(?:VIRTUAL\s+)?TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?"?(\w+)"?\s*\(/g,
        ))
          created.add(m[1] as string);
    const unowned = [...created].filter((t) => !(t in TABLE_OWNERS) && !RETIRED.has(t));
    expect(unowned).toEqual([]);
    expect(created.size).toBeGreaterThan(30);
  });

  test("the reader finds tables where SQL names them", () => {
    expect(tablesIn("SELECT a FROM contact_submissions s JOIN engagements e ON e.id = s.id").sort()).toEqual([
      "contact_submissions",
      "engagements",
    ]);
    expect(tablesIn("SELECT 1 FROM people p, testimonials t WHERE 1").sort()).toEqual([
      "people",
      "testimonials",
    ]);
    expect(tablesIn('INSERT OR IGNORE INTO "audit_log" (at) VALUES (?)')).toEqual(["audit_log"]);
    expect(tablesIn("UPDATE mail_outbox SET sent = 1")).toEqual(["mail_outbox"]);
    expect(tablesIn("DELETE FROM sessions WHERE id IN (SELECT id FROM admin_users)").sort()).toEqual([
      "admin_users",
      "sessions",
    ]);
    expect(tablesIn("SELECT name FROM pragma_table_info('documents')")).toEqual(["documents"]);
    expect(tablesIn("Remove it from documents first.")).toEqual([]);
    const source = ["const q = `SELECT * FROM ", "$", "{t} JOIN people`; // FROM articles\n"].join("");
    expect(literals(source)).toEqual(["SELECT * FROM  __placeholder__  JOIN people"]);
  });

  test("no SQL names a table outside its owning module", () => {
    expect(crossings()).toEqual([]);
  });
});
