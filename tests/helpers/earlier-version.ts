import { Database } from "bun:sqlite";
import { copyFileSync, existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
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
    db.exec(m.up);
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
