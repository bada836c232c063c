import { isAbsolute } from "node:path";

/**
 * Checks of the environment that a schema field alone cannot make: what an env file does to a value (an inline
 * comment kept, quotes kept), what systemd does to a relative path, and settings that only make sense together.
 * Each returns the one line the start stops with, naming the variable and the fix, or undefined (ADR 283).
 */
type Env = Record<string, string | undefined>;

/**
 * Settings that hold a machine value (a path, an address, a URL, a number, a flag, a secret): in these a space
 * then "#" is always a comment that an env file kept, because neither systemd's EnvironmentFile= nor docker's
 * --env-file has inline comments. Free text (the brand's lines, payment instructions) may hold "#".
 */
const MACHINE_VALUES = [
  "PORT",
  "HOST",
  "DATA_DIR",
  "PUBLIC_URL",
  "SESSION_SECRET",
  "DATA_KEY",
  "METRICS_TOKEN",
  "SMTP_URL",
  "MAIL_FROM",
  "INTAKE_NOTIFY_TO",
  "TRUST_PROXY",
  "DEMO",
  "REQUIRE_MFA",
  "LOG_LEVEL",
  "BODY_TIMEOUT",
  "FIRM_TIMEZONE",
  "HOLIDAYS",
  "RESPONSE_SLA_HOURS",
  "UPLOAD_MAX_BYTES",
  "UPLOAD_MAX_TOTAL_BYTES",
  "SIGNING_P12",
  "PAYMENT_URL",
  "STRIPE_WEBHOOK_SECRET",
  "RETAINER_REPLENISH_PERCENT",
  "BACKUP_SCHEDULE",
  "BACKUP_DIR",
  "BACKUP_KEEP",
  "BACKUP_S3_URL",
  "S3_ENDPOINT",
  "S3_REGION",
] as const;

export function inlineCommentIssue(env: Env): string | undefined {
  for (const name of MACHINE_VALUES) {
    const value = env[name];
    if (value !== undefined && /(^|\s)#/.test(value)) {
      return `Invalid ${name}: ${JSON.stringify(value)} holds a comment, and env files have no inline comments (everything after = is the value): put the comment on a line of its own above the setting.`;
    }
  }
  return undefined;
}

/**
 * Under systemd (INVOCATION_ID is set for every unit it starts) a relative folder resolves against the unit's
 * working directory, not where the operator stood: refused, so the data never lands in a folder nobody backs up.
 */
export function systemdPathIssue(env: Env): string | undefined {
  if (!env.INVOCATION_ID) return undefined;
  for (const [name, unitValue] of [
    ["DATA_DIR", "/var/lib/tracewell"],
    ["BACKUP_DIR", "DATA_DIR/backups"],
  ] as const) {
    const value = env[name]?.trim();
    if (value && !isAbsolute(value)) {
      return `Invalid ${name}: ${JSON.stringify(value)} is relative, and under systemd it would resolve against the unit's working directory: give an absolute path, or remove ${name} from the environment file (the default is ${unitValue}).`;
    }
  }
  // Unset, DATA_DIR's default ./data is relative too: the unit sets DATA_DIR, so this only happens when it was
  // removed from the unit.
  if (env.DATA_DIR === undefined) {
    return "Invalid DATA_DIR: not set, and under systemd its default ./data would resolve against the unit's working directory: set DATA_DIR=/var/lib/tracewell in the unit (deploy/tracewell.service does).";
  }
  return undefined;
}
