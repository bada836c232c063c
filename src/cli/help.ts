import pkg from "../../package.json";
import {
  ADMIN_HELP,
  BACKUP_HELP,
  COMMAND_DATA,
  DIGEST_HELP,
  DOCTOR_HELP,
  DOCUMENT_REMINDERS_HELP,
  KEYS_HELP,
  OUTBOX_HELP,
  RETENTION_HELP,
  SCAN_UPLOADS_HELP,
  STAFF_HELP,
  STATEMENTS_HELP,
  SUBSCRIPTIONS_HELP,
} from "../contracts/commands-help";

const NEEDS_KEY = Object.entries(COMMAND_DATA).flatMap(([command, need]) =>
  need === "data key" ? [command] : [],
);

export const HELP = `${pkg.name} ${pkg.version}: the Tracewell website, intake and admin in one executable.

Usage:
  tracewell [serve]      Serve the site (the default).
${ADMIN_HELP}
${STAFF_HELP}
${KEYS_HELP}
${BACKUP_HELP}
${OUTBOX_HELP}
${RETENTION_HELP}
${SUBSCRIPTIONS_HELP}
${STATEMENTS_HELP}
${DOCUMENT_REMINDERS_HELP}
${SCAN_UPLOADS_HELP}
${DIGEST_HELP}
${DOCTOR_HELP}
  tracewell healthcheck  Exit 0 when the server on PORT answers GET /healthz with 200 (for containers).
  tracewell --help       Show this help.
  tracewell --version    Print the release, the commit it was built from and the build day.

The data key (DATA_KEY, else DATA_DIR/data-key) is needed by ${NEEDS_KEY.join(", ")} only: run them with the
server's environment. The other commands never read, check or make a key.

Environment (see .env.example):
  PORT (3000), HOST (0.0.0.0), DATA_DIR (./data), PUBLIC_URL, SESSION_SECRET, DATA_KEY, SMTP_URL, MAIL_FROM,
  INTAKE_NOTIFY_TO, TRUST_PROXY, ADMIN_USERNAME, ADMIN_PASSWORD, DEMO, REQUIRE_MFA, LOG_LEVEL,
  BODY_TIMEOUT (120), FIRM_TIMEZONE (America/New_York), BUSINESS_HOURS (Mon-Fri 09:00-17:00),
  HOLIDAYS (US), RESPONSE_SLA_HOURS (8), METRICS_TOKEN (unset: no /metrics), CLAMD_URL (unset: uploads are not scanned), BRAND_*.
`;
