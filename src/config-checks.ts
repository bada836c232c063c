import { accessSync, constants, existsSync, readFileSync, statSync } from "node:fs";
import { isIP } from "node:net";
import { userInfo } from "node:os";
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

/** A secret may begin with "#" (random punctuation): only a "#" after a space is a comment there. */
const SECRETS = new Set(["SESSION_SECRET", "DATA_KEY", "METRICS_TOKEN", "STRIPE_WEBHOOK_SECRET"]);

export function inlineCommentIssue(env: Env): string | undefined {
  for (const name of MACHINE_VALUES) {
    const value = env[name];
    const at = value === undefined ? -1 : value.search(SECRETS.has(name) ? /\s#/ : /(^|\s)#/);
    if (value !== undefined && at >= 0) {
      // Only the comment is quoted: the value before it may be a secret or a URL with a password.
      const comment = value.slice(at).trim();
      return `Invalid ${name}: the value ends in a comment (${JSON.stringify(comment)}), and env files have no inline comments (everything after = is the value): put the comment on a line of its own above the setting.`;
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

const ADDRESS = /^[^\s@<>"',;]+@[^\s@<>"',;]+\.[^\s@<>"',;]+$/;
const NAMED_ADDRESS = /^[^<>]*<([^<>]+)>$/;
const QUOTED = /^(["']).*\1$/s;

const quotesIssue = (name: string, example: string) =>
  `Invalid ${name}: the value is wrapped in quotes, which docker --env-file keeps as part of it: remove them (${name}=${example}).`;

/** MAIL_FROM: an address alone, or `Name <address>`. */
export function mailFromIssue(value: string | undefined): string | undefined {
  const s = value?.trim();
  if (!s) return undefined;
  const example = "Tracewell Intake <intake@example.com>";
  if (QUOTED.test(s)) return quotesIssue("MAIL_FROM", example);
  const address = NAMED_ADDRESS.exec(s)?.[1]?.trim() ?? s;
  if (ADDRESS.test(address)) return undefined;
  return `Invalid MAIL_FROM: ${JSON.stringify(s)} is not an email address: give one alone (intake@example.com) or with a name (${example}).`;
}

/** INTAKE_NOTIFY_TO: one address, or several separated by commas. */
export function notifyToIssue(value: string | undefined): string | undefined {
  const s = value?.trim();
  if (!s) return undefined;
  if (QUOTED.test(s)) return quotesIssue("INTAKE_NOTIFY_TO", "desk@example.com");
  const bad = s
    .split(",")
    .map((a) => a.trim())
    .find((a) => !ADDRESS.test(a));
  if (bad === undefined) return undefined;
  return `Invalid INTAKE_NOTIFY_TO: ${JSON.stringify(bad)} is not an email address: give the desk's address (desk@example.com), several separated by commas.`;
}

/** The shortest session secret accepted: 32 characters, what `openssl rand -base64 24` prints. */
export const SESSION_SECRET_MIN = 32;

export function sessionSecretIssue(value: string | undefined): string | undefined {
  const secrets = (value ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const short = secrets.find((s) => s.length < SESSION_SECRET_MIN);
  if (short === undefined) return undefined;
  return `Invalid SESSION_SECRET: each secret must be at least ${SESSION_SECRET_MIN} characters, and one has ${short.length}: make one with openssl rand -base64 48, or unset SESSION_SECRET to have one generated in DATA_DIR.`;
}

/** PUBLIC_URL is an origin: links are built by appending paths to it. */
export function publicUrlIssue(value: string | undefined): string | undefined {
  if (!value || !URL.canParse(value)) return undefined;
  const url = new URL(value);
  if ((url.pathname === "/" || url.pathname === "") && !url.search && !url.hash && !value.includes("?"))
    return undefined;
  return `Invalid PUBLIC_URL: must be the site's origin alone, with no path, query or fragment (${url.origin}), not ${JSON.stringify(value)}.`;
}

/** HOST: an address or a host name to listen on, without a scheme or a port. */
export function hostIssue(value: string | undefined): string | undefined {
  const s = value?.trim();
  if (!s || isIP(s)) return undefined;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(s))
    return `Invalid HOST: ${JSON.stringify(s)} is a URL: give the address to listen on alone (127.0.0.1 behind a proxy, 0.0.0.0 for every interface) and the origin in PUBLIC_URL.`;
  const withPort = /^(\[[^\]]+\]|[^:]+):(\d*)$/.exec(s);
  if (withPort)
    return `Invalid HOST: ${JSON.stringify(s)} holds a port: give the address alone (HOST=${withPort[1]?.replace(/^\[|\]$/g, "")}) and the port in PORT.`;
  if (
    /^(?=.{1,253}$)[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*$/.test(s)
  )
    return undefined;
  return `Invalid HOST: ${JSON.stringify(s)} is neither an IP address nor a host name: give the address to listen on (127.0.0.1 behind a proxy, 0.0.0.0 for every interface).`;
}

/** An S3 target needs credentials: without them every upload fails, at 02:30, unseen. */
export function s3CredentialsIssue(env: Env): string | undefined {
  if (!env.BACKUP_S3_URL?.trim()) return undefined;
  const pair = (id: string, secret: string) => !!env[id]?.trim() && !!env[secret]?.trim();
  if (pair("S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY") || pair("AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY"))
    return undefined;
  return "Invalid BACKUP_S3_URL: the bucket's credentials are missing: set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (the store's access key) beside it, or unset BACKUP_S3_URL.";
}

/** A file the process must read (SIGNING_P12): it exists, is a file, and this process's user can read it. */
export function readableFileIssue(name: string, path: string | undefined, fix: string): string | undefined {
  if (path === undefined) return undefined;
  if (!existsSync(path)) return `Invalid ${name}: ${path} does not exist: ${fix}.`;
  if (!statSync(path).isFile()) return `Invalid ${name}: ${path} is not a file: ${fix}.`;
  try {
    accessSync(path, constants.R_OK);
    return undefined;
  } catch {
    return `Invalid ${name}: ${path} cannot be read by user ${processUser()}: chown it to that user or chmod it readable (0600 for that user alone).`;
  }
}

/** The name of the user this process runs as, with its uid, for messages about permissions. */
export function processUser(): string {
  const uid = process.getuid?.() ?? -1;
  const name = userName(uid);
  return name ? `${name} (uid ${uid})` : `uid ${uid}`;
}

/**
 * The name of a uid. os.userInfo() answers "unknown" for a process started with only its ids changed (setpriv,
 * a unit's User= with DynamicUser), so the password database is read when it does.
 */
export function userName(uid: number): string | undefined {
  try {
    const own = uid === process.getuid?.() ? userInfo().username : "";
    if (own && own !== "unknown") return own;
  } catch {}
  try {
    const line = readFileSync("/etc/passwd", "utf8")
      .split("\n")
      .find((l) => l.split(":")[2] === String(uid));
    return line?.split(":")[0] || undefined;
  } catch {
    return undefined;
  }
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|localhost)$/i;

/**
 * Settings that start a server but undo what the unit sets for this machine: an environment file read by
 * systemd overrides the unit's `Environment=` line, so a file copied from another set-up can open the listen
 * address past the proxy, or leave the proxy untrusted so every client shares its address (and the intake
 * throttle's five an hour). Neither is wrong everywhere (docker listens on 0.0.0.0; a server with no proxy
 * must not trust one), so the start says so, with the fix, instead of refusing (issue 43's first finding).
 */
export function listenWarnings(
  settings: { host: string; trustProxy: boolean; publicUrl: string },
  env: Env,
): { line: string; hint: string }[] {
  // The settings as the start read them (HOST's default included), not the raw environment again.
  const { host, trustProxy } = settings;
  const publicHost = URL.canParse(settings.publicUrl) ? new URL(settings.publicUrl).hostname : "";
  const warnings: { line: string; hint: string }[] = [];
  if (env.INVOCATION_ID && !LOOPBACK.test(host)) {
    warnings.push({
      line: "listen_exposed",
      hint: `HOST=${host} listens beyond this machine, so clients can reach the server past the proxy; deploy/tracewell.service sets HOST=127.0.0.1: remove HOST from the environment file, which overrides the unit.`,
    });
  }
  if (LOOPBACK.test(host) && !trustProxy && publicHost && !LOOPBACK.test(publicHost)) {
    warnings.push({
      line: "proxy_not_trusted",
      hint: `HOST=${host} with PUBLIC_URL on ${publicHost} means a proxy in front, but TRUST_PROXY is not true: every client shares the proxy's address (the intake throttle counts them as one). Set TRUST_PROXY=true, or remove it from the environment file (the unit sets it).`,
    });
  }
  return warnings;
}
