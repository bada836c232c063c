/**
 * What the executable's commands say of themselves: each command's usage, read by `tracewell --help` and by the
 * command's own usage message, and what each opens in the data folder. Nothing here imports anything, so
 * `--help` evaluates no server code (ADR 236).
 */

/**
 * What each command of the executable opens in the data folder (ADR 093). Only the commands that read or write
 * personal data open it with the data key; the others never load, check or make a key, so the break-glass
 * commands work where the key is kept apart from the data (DATA_KEY in the service's environment).
 * - "data key": the data store, its key checked against what is stored (src/ops/data-store.ts). Only `serve`
 *   makes a key, at the first start; a command that finds none refuses, naming DATA_KEY.
 * - "database": the SQLite file alone, migrated, without a key: the command reads and writes no personal value.
 * - "read-only": the SQLite file alone, read-only, without a key.
 * - "checks": the SQLite file alone, read-only, and the data key only to check it: the command works, and says
 *   so, without one, and never makes one (`tracewell doctor`, ADR 293).
 * - "none": nothing in the data folder.
 */
export const COMMAND_DATA = {
  serve: "data key",
  "admin create": "database",
  "admin passwd": "database",
  "admin reset-mfa": "database",
  "keys generate": "none",
  "keys rotate": "data key",
  backup: "data key",
  restore: "data key",
  retention: "read-only",
  digest: "data key",
  subscriptions: "data key",
  statements: "data key",
  "document-reminders": "data key",
  "scan-uploads": "data key",
  "outbox release": "none",
  healthcheck: "none",
  doctor: "checks",
} as const satisfies Record<string, "data key" | "database" | "read-only" | "checks" | "none">;

export const ADMIN_HELP = `  tracewell admin create <username> [--password-stdin]
                         Create an admin. The password is asked for twice on the terminal,
                         or read from standard input (first line) with --password-stdin.
  tracewell admin passwd <username> [--password-stdin]
                         Set an admin's password and sign out all of that admin's sessions.`;

export const STAFF_HELP = `  tracewell admin reset-mfa <username>
                         Turn off an admin's two-step sign-in (a lost phone), remove their passkeys and
                         sign out all of that admin's sessions; the next sign-in with the password sets
                         it up again.`;

export const KEYS_HELP = `  tracewell keys generate
                         Print a new data key (base64 of 32 random bytes) for DATA_KEY.
  tracewell keys rotate  Re-encrypt every stored value and the sealing certificate with the first key of
                         DATA_KEY and recompute the email hashes; safe while the server runs (configured
                         with the same DATA_KEY). Refuses (exit 1), rewriting nothing, while a running server
                         does not hold that key. Says when the older keys are no longer needed.`;

export const RETENTION_HELP = `  tracewell retention --dry-run [--as-of YYYY-MM-DD]
                         List the references the retention purge would delete on that date (the firm's
                         today by default) without deleting anything. The server purges at start and daily.`;

export const SUBSCRIPTIONS_HELP = `  tracewell subscriptions [--as-of YYYY-MM-DD] [--dry-run]
                         Raise what Judgment Intel's subscriptions owe by that date (the firm's today by
                         default): each month's charge, each sweep due, each notice that ran out. The server
                         does this daily; a day already done raises nothing twice. --dry-run lists it only.`;

export const STATEMENTS_HELP = `  tracewell statements [--as-of YYYY-MM-DD] [--dry-run]
                         Issue the month's statements of account (the run of the month of that date, the
                         firm's today by default): each engagement with ledger entries through the end of the
                         month before that no statement showed. The server does this on the first business
                         day; a month already done issues nothing twice. --dry-run lists them only.`;

export const DOCUMENT_REMINDERS_HELP = `  tracewell document-reminders [--as-of YYYY-MM-DD] [--dry-run]
                         Queue the reminders of documents due that a business day owes (the firm's today by
                         default): items due in 3 days, in 1 day, today or 3 days ago, one mail per client. The
                         server does this each business day; a day already done sends nothing twice.
                         --dry-run lists what would go.`;

export const SCAN_UPLOADS_HELP = `  tracewell scan-uploads
                         Scan again the uploads held as "not yet scanned" while the virus scanner (CLAMD_URL)
                         did not answer: each clean one is accepted, each flagged one quarantined. Then
                         remove quarantined files kept their 30 days. The server does this every 5 minutes;
                         exit 1 while files are still held.`;

export const BACKUP_HELP = `  tracewell backup [<file>]
                         Take one encrypted backup (database, uploads, sealed documents, sealing certificate;
                         never the data key) and verify it: to <file>, or to BACKUP_DIR and BACKUP_S3_URL with
                         BACKUP_KEEP applied there. Safe while the server runs.
  tracewell backup list | backup verify <file|s3://bucket/key>
                         List the kept backups; decrypt one into a temporary folder and check it.
  tracewell restore <file|s3://bucket/key> --into <folder>
                         Verify a backup, then place it in <folder> (new or empty) as a data folder.`;

export const OUTBOX_HELP = `  tracewell outbox release
                         Let the outbox of a data folder made by "tracewell restore" send its queued mail: a
                         restored folder sends nothing until then (a restore drill mails no client).`;

export const DIGEST_HELP = `  tracewell digest       Send today's morning digest of the intake desk (requests overdue and due today) to
                         INTAKE_NOTIFY_TO now, whatever the hour; nothing is sent when nothing waits.`;

export const DOCTOR_HELP = `  tracewell doctor [--send-test <address>]
                         Check what the server depends on and print one line each, with what to fix: every
                         setting, the data folder (owner, mode, writable, free space), the database's schema,
                         the data keys held against those the data needs, the mail server (an SMTP
                         handshake; --send-test also sends a test mail), the S3 bucket (a probe object put,
                         read and deleted) and the firm's clock. Exits 1 when something needs fixing. Writes
                         nothing in the data folder; run it with the server's environment.`;
