import pkg from "../../package.json";
import { ADMIN_HELP } from "../modules/auth";
import { RETENTION_HELP } from "../modules/privacy";
import { STAFF_HELP } from "../modules/staff";
import { SUBSCRIPTIONS_HELP } from "../modules/subscriptions";
import { COMMAND_DATA } from "../ops/commands";
import { KEYS_HELP } from "../ops/keys-cli";

const NEEDS_KEY = Object.entries(COMMAND_DATA).flatMap(([command, need]) =>
  need === "data key" ? [command] : [],
);

export const HELP = `${pkg.name} ${pkg.version}: the Tracewell website, intake and admin in one executable.

Usage:
  tracewell [serve]      Serve the site (the default).
${ADMIN_HELP}
${STAFF_HELP}
${KEYS_HELP}
  tracewell backup [<file>]
                         Take one encrypted backup (database, uploads, sealed documents, sealing certificate;
                         never the data key) and verify it: to <file>, or to BACKUP_DIR and BACKUP_S3_URL with
                         BACKUP_KEEP applied there. Safe while the server runs.
  tracewell backup list | backup verify <file|s3://bucket/key>
                         List the kept backups; decrypt one into a temporary folder and check it.
  tracewell restore <file|s3://bucket/key> --into <folder>
                         Verify a backup, then place it in <folder> (new or empty) as a data folder.
${RETENTION_HELP}
${SUBSCRIPTIONS_HELP}
  tracewell digest       Send today's morning digest of the intake desk (requests overdue and due today) to
                         INTAKE_NOTIFY_TO now, whatever the hour; nothing is sent when nothing waits.
  tracewell healthcheck  Exit 0 when the server on PORT answers GET /healthz with 200 (for containers).
  tracewell --help       Show this help.
  tracewell --version    Print the version.

The data key (DATA_KEY, else DATA_DIR/data-key) is needed by ${NEEDS_KEY.join(", ")} only: run them with the
server's environment. The other commands never read, check or make a key.

Environment (see .env.example):
  PORT (3000), HOST (0.0.0.0), DATA_DIR (./data), PUBLIC_URL, SESSION_SECRET, DATA_KEY, SMTP_URL, MAIL_FROM,
  INTAKE_NOTIFY_TO, TRUST_PROXY, ADMIN_USERNAME, ADMIN_PASSWORD, DEMO, REQUIRE_MFA, LOG_LEVEL,
  BODY_TIMEOUT (120), FIRM_TIMEZONE (America/New_York), BUSINESS_HOURS (Mon-Fri 09:00-17:00),
  HOLIDAYS (US), RESPONSE_SLA_HOURS (8), METRICS_TOKEN (unset: no /metrics), BRAND_*.
`;
