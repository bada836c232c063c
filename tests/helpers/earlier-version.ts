import { Database } from "bun:sqlite";
import { copyFileSync, existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { runMigration } from "../../src/db";
import { MIGRATIONS } from "../../src/db/migrations";

const DATABASE_FILE = "tracewell.db";

/** A database as an earlier version left it: schema 5, every value in clear, a deleted row, a WAL not checkpointed. */
export function earlierVersionFolder(
  parent: string,
  rows: { intake: Record<string, unknown> }[],
  deleted: Record<string, unknown>,
) {
  const source = join(parent, "old-server");
  mkdirSync(source);
  const db = new Database(join(source, DATABASE_FILE), { create: true, strict: true });
  db.exec("PRAGMA journal_mode = WAL");
  for (const m of MIGRATIONS.filter((m) => m.version <= 5)) {
    runMigration(db, m);
    db.exec(`PRAGMA user_version = ${m.version}`);
  }
  const insert = db.query(
    `INSERT INTO contact_submissions (reference, name, firm, email, phone, role, matter_type, subject_type,
       jurisdictions, desired_service, description, submitted_at, email_error)
     VALUES ($reference, $name, $firm, $email, $phone, $role, $matterType, $subjectType, $jurisdictions,
       $desiredService, $description, '2026-01-05T10:00:00.000Z', $error) RETURNING id`,
  );
  const add = (intake: Record<string, unknown>, reference: string) => {
    const { id } = insert.get({
      reference,
      ...(Object.fromEntries(
        ["name", "firm", "email", "phone", "role", "matterType", "subjectType", "jurisdictions"]
          .concat(["desiredService", "description"])
          .map((k) => [k, String(intake[k])]),
      ) as Record<string, string>),
      error: `Confirmation: <${intake.email}>: Recipient address rejected`,
    }) as { id: number };
    db.query("INSERT INTO submission_notes (submission_id, author, body) VALUES (?, 'morgan', ?)").run(
      id,
      `Note about ${intake.name}`,
    );
    db.query(
      "INSERT INTO mail_outbox (kind, submission_id, state, next_attempt_at, last_error) VALUES ('intake-confirmation', ?, 'failed', '2026-01-05T10:00:00.000Z', ?)",
    ).run(id, `<${intake.email}>: Recipient address rejected`);
    return id;
  };
  for (const [i, r] of rows.entries()) add(r.intake, `IR-260105-OLD${i}`);
  const gone = add(deleted, "IR-260105-GONE");
  db.query("DELETE FROM contact_submissions WHERE id = ?").run(gone);
  // A copy taken while the old server still had the file open: the WAL holds the latest pages.
  const dataDir = join(parent, "data");
  mkdirSync(dataDir);
  for (const suffix of ["", "-wal", "-shm"]) {
    if (existsSync(join(source, DATABASE_FILE + suffix))) {
      copyFileSync(join(source, DATABASE_FILE + suffix), join(dataDir, DATABASE_FILE + suffix));
    }
  }
  db.close();
  return dataDir;
}

/** The last schema the previous release wrote; the upgrade tests start from it. */
export const PREVIOUS_VERSION = 10;

/**
 * A database file as the previous release left it: its migrations only (each run the way it ran them), then
 * whatever rows `fill` writes with plain SQL, as that release's code would have stored them. `version` names a
 * later release's last schema, for an upgrade to a migration after it.
 */
export function previousVersionDatabase(
  file: string,
  fill: (db: Database) => void,
  version = PREVIOUS_VERSION,
): void {
  const db = new Database(file, { create: true, strict: true });
  db.exec("PRAGMA journal_mode = WAL");
  db.exec("PRAGMA foreign_keys = ON");
  for (const m of MIGRATIONS.filter((m) => m.version <= version)) {
    db.transaction(() => {
      runMigration(db, m);
      db.exec(`PRAGMA user_version = ${m.version}`);
    })();
  }
  fill(db);
  db.close();
}

/** A request row with every column the previous release required; `fields` overrides any of them. */
export function insertPreviousRequest(db: Database, fields: Record<string, string | number | null>): number {
  const row: Record<string, string | number | null> = {
    reference: `IR-260105-P${crypto.randomUUID().slice(0, 4).toUpperCase()}`,
    name: "enc:v1:old",
    email: "enc:v1:old",
    phone: "enc:v1:old",
    role: "attorney",
    matter_type: "commercial",
    subject_type: "entity",
    jurisdictions: "enc:v1:old",
    desired_service: "asset-map",
    description: "enc:v1:old",
    submitted_at: "2026-01-05T10:00:00.000Z",
    ...fields,
  };
  const columns = Object.keys(row);
  const { id } = db
    .query(
      `INSERT INTO contact_submissions (${columns.join(", ")}) VALUES (${columns.map((c) => `$${c}`).join(", ")})
       RETURNING id`,
    )
    .get(Object.fromEntries(columns.map((c) => [c, row[c] ?? null]))) as { id: number };
  return id;
}
