import { isAbsolute, resolve } from "node:path";
import * as v from "valibot";
import {
  hostIssue,
  inlineCommentIssue,
  mailFromIssue,
  notifyToIssue,
  publicUrlIssue,
  readableFileIssue,
  s3CredentialsIssue,
  sessionSecretIssue,
  systemdPathIssue,
} from "./config-checks";
import { type Brand, BrandSchema } from "./contracts/brand";
import { DEFAULT_BRAND } from "./contracts/brand-defaults";
import { type ClockSettings, parseBusinessHours, parseHolidayRegion } from "./contracts/business-hours";
import { type ClamdAddress, parseClamdUrl } from "./contracts/scanning";
import { isTimeZone } from "./contracts/time-format";

/**
 * Environment, parsed once at start. A bad value stops the process with a message that names the variable,
 * so an operator never runs a half-configured server.
 */
const flag = v.pipe(
  v.optional(v.string(), ""),
  v.trim(),
  v.toLowerCase(),
  v.check(
    (s) => ["", "0", "1", "true", "false", "yes", "no", "on", "off"].includes(s),
    "must be 1/0, true/false, yes/no or on/off",
  ),
  v.transform((s) => ["1", "true", "yes", "on"].includes(s)),
);

/** A flag whose default depends on other settings: undefined when unset or empty. */
const optionalFlag = v.pipe(
  v.optional(v.string(), ""),
  v.trim(),
  v.transform((s) => (s === "" ? undefined : s)),
  v.optional(flag),
);

const optionalText = v.pipe(
  v.optional(v.string(), ""),
  v.trim(),
  v.transform((s) => (s === "" ? undefined : s)),
);

/** One line of at most 300 characters, or unset (as the brand's one-line facts). */
const optionalLine = v.pipe(
  optionalText,
  v.check((s) => s === undefined || !/[\r\n\u2028\u2029]/.test(s), "must be one line"),
  v.check((s) => s === undefined || s.length <= 300, "must be at most 300 characters"),
);

const port = v.pipe(
  v.optional(v.string(), "3000"),
  v.trim(),
  v.regex(/^\d+$/, "must be a whole number"),
  v.transform(Number),
  v.minValue(0, "must be between 0 and 65535"),
  v.maxValue(65535, "must be between 0 and 65535"),
);

/**
 * How long a client may take to send a whole request body (BODY_TIMEOUT, seconds). Long enough for the
 * largest upload (20 MB) on a 1.5 Mbit/s uplink; every other body is a few kilobytes.
 */
export const DEFAULT_BODY_TIMEOUT_S = 120;

const seconds = (fallback: number, max: number) =>
  v.pipe(
    v.optional(v.string(), String(fallback)),
    v.trim(),
    v.regex(/^\d+$/, "must be a whole number of seconds"),
    v.transform(Number),
    v.minValue(1, `must be between 1 and ${max}`),
    v.maxValue(max, `must be between 1 and ${max}`),
  );

const httpUrl = v.pipe(
  v.string(),
  v.trim(),
  v.url("must be an absolute URL such as https://www.example.com"),
  v.check((s) => /^https?:\/\//.test(s), "must start with http:// or https://"),
  v.transform((s) => s.replace(/\/+$/, "")),
);

const timeZone = v.pipe(
  v.optional(v.string(), "America/New_York"),
  v.trim(),
  v.check(isTimeZone, "must be an IANA time zone such as America/New_York or Europe/London"),
);

/** docker --env-file keeps quotes that a shell or systemd would remove: "Mon-Fri 09:00-17:00" reads the same. */
const unquote = (s: string) => s.trim().replace(/^(["'])(.*)\1$/, "$2");

const businessHours = v.pipe(
  v.optional(v.string(), "Mon-Fri 09:00-17:00"),
  v.transform(unquote),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const parsed = parseBusinessHours(dataset.value);
    if (typeof parsed !== "string") return parsed;
    addIssue({ message: parsed });
    return NEVER;
  }),
);

const holidayRegion = v.pipe(
  v.optional(v.string(), "US"),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const parsed = parseHolidayRegion(dataset.value);
    if (typeof parsed !== "string") return parsed;
    addIssue({ message: parsed });
    return NEVER;
  }),
);

/** A size in bytes, a whole number from 1 up to `max`. */
const byteSize = (fallback: number, max: number) =>
  v.pipe(
    v.optional(v.string(), String(fallback)),
    v.trim(),
    v.regex(/^\d+$/, "must be a whole number of bytes"),
    v.transform(Number),
    v.minValue(1, `must be between 1 and ${max}`),
    v.maxValue(max, `must be between 1 and ${max}`),
  );

/** Defaults of the portal's upload limits (issue 20): 250 MB a file, 2 GB an engagement. */
export const DEFAULT_UPLOAD_MAX_BYTES = 250 * 1024 * 1024;
export const DEFAULT_UPLOAD_MAX_TOTAL_BYTES = 2 * 1024 * 1024 * 1024;
const BYTES_CEILING = 2 ** 40;

const slaHours = v.pipe(
  v.optional(v.string(), "8"),
  v.trim(),
  v.regex(/^\d+$/, "must be a whole number of business hours"),
  v.transform(Number),
  v.minValue(1, "must be between 1 and 200"),
  v.maxValue(200, "must be between 1 and 200"),
);

/** RETAINER_REPLENISH_PERCENT's default: a statement asks for more once a fifth of the retainer is left. */
export const DEFAULT_REPLENISH_PERCENT = 20;

const percent = (fallback: number) =>
  v.pipe(
    v.optional(v.string(), String(fallback)),
    v.trim(),
    v.regex(/^\d+$/, "must be a whole number of percent"),
    v.transform(Number),
    v.minValue(0, "must be between 0 and 100"),
    v.maxValue(100, "must be between 0 and 100"),
  );

/** A whole number of days between `min` and `max`, `fallback` when unset. */
const days = (fallback: number, min: number, max: number) =>
  v.pipe(
    v.optional(v.string(), String(fallback)),
    v.trim(),
    v.regex(/^\d+$/, "must be a whole number of days"),
    v.transform(Number),
    v.minValue(min, `must be between ${min} and ${max}`),
    v.maxValue(max, `must be between ${min} and ${max}`),
  );

/** Days before a waiting signer is reminded (and again as often), and before an unsigned letter expires. */
export const DEFAULT_LETTER_REMINDER_DAYS = 3;
export const DEFAULT_LETTER_EXPIRY_DAYS = 30;

export const LOG_LEVELS = ["debug", "info", "warn", "error"] as const;

/**
 * Argon2id's cost for password hashes. Production always uses PRODUCTION_PASSWORD_COST; only a test run may set
 * PASSWORD_COST lower, because a test suite that signs in hundreds of times spends most of its minutes here.
 * A stored hash carries its own cost, so a hash made at either cost verifies under either setting.
 */
export type PasswordCost = { memoryCost: number; timeCost: number };
export const PRODUCTION_PASSWORD_COST: PasswordCost = { memoryCost: 65536, timeCost: 2 };
const PASSWORD_COST_FORMAT = /^m=(\d+),t=(\d+)$/;

/**
 * A test run is one the environment names as such (NODE_ENV=test, which the test helpers pass) inside a process
 * that is itself a test: the built executable has process.env.NODE_ENV fixed to "production" at compile time,
 * so no environment given to the binary can lower its cost.
 */
const isTestRun = (nodeEnv: string | undefined) => nodeEnv === "test" && process.env.NODE_ENV === "test";

const EnvSchema = v.object({
  PORT: port,
  HOST: v.pipe(v.optional(v.string(), "0.0.0.0"), v.trim(), v.minLength(1, "must not be empty")),
  DATA_DIR: v.pipe(v.optional(v.string(), "./data"), v.trim(), v.minLength(1, "must not be empty")),
  PUBLIC_URL: v.optional(httpUrl),
  SESSION_SECRET: optionalText,
  DATA_KEY: optionalText,
  METRICS_TOKEN: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.check(
        (s) => s === "" || s.length >= 16,
        "must be at least 16 characters (openssl rand -hex 32 makes one)",
      ),
      v.transform((s) => (s === "" ? undefined : s)),
    ),
  ),
  CLAMD_URL: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.check(
        (s) => s === "" || parseClamdUrl(s) !== null,
        "must be tcp://host:port or unix:/path/to/clamd.ctl",
      ),
      v.transform((s) => (s === "" ? undefined : s)),
    ),
  ),
  SMTP_URL: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.check((s) => s === "" || /^smtps?:\/\/[^/]+/.test(s), "must look like smtp://user:pass@host:587"),
      v.transform((s) => (s === "" ? undefined : s)),
    ),
  ),
  MAIL_FROM: optionalText,
  INTAKE_NOTIFY_TO: optionalText,
  TRUST_PROXY: flag,
  ADMIN_USERNAME: optionalText,
  ADMIN_PASSWORD: optionalText,
  DEMO: flag,
  NODE_ENV: optionalText,
  PASSWORD_COST: v.pipe(
    v.optional(v.string(), ""),
    v.trim(),
    v.check(
      (s) => s === "" || PASSWORD_COST_FORMAT.test(s),
      "must look like m=8,t=1 (KiB of memory, passes)",
    ),
    v.transform((s) => {
      const [, m, t] = PASSWORD_COST_FORMAT.exec(s) ?? [];
      return m === undefined ? undefined : { memoryCost: Number(m), timeCost: Number(t) };
    }),
    v.check(
      (c) => c === undefined || (c.memoryCost >= 8 && c.timeCost >= 1),
      "argon2 needs at least 8 KiB and 1 pass",
    ),
  ),
  REQUIRE_MFA: optionalFlag,
  BODY_TIMEOUT: seconds(DEFAULT_BODY_TIMEOUT_S, 3600),
  FIRM_TIMEZONE: timeZone,
  BUSINESS_HOURS: businessHours,
  HOLIDAYS: holidayRegion,
  RESPONSE_SLA_HOURS: slaHours,
  UPLOAD_MAX_BYTES: byteSize(DEFAULT_UPLOAD_MAX_BYTES, BYTES_CEILING),
  UPLOAD_MAX_TOTAL_BYTES: byteSize(DEFAULT_UPLOAD_MAX_TOTAL_BYTES, BYTES_CEILING),
  LOG_LEVEL: v.pipe(v.optional(v.string(), "info"), v.trim(), v.toLowerCase(), v.picklist(LOG_LEVELS)),
  BRAND_NAME: optionalText,
  BRAND_SLOGAN: optionalText,
  BRAND_COLOUR_PRIMARY: optionalText,
  BRAND_COLOUR_ACCENT: optionalText,
  BRAND_COLOUR_PAPER: optionalText,
  BRAND_COLOUR_INK: optionalText,
  BRAND_LOGO_MARK: optionalText,
  BRAND_LOGO_PNG: optionalText,
  BRAND_SOCIAL_IMAGE: optionalText,
  BRAND_DOMAIN: optionalText,
  BRAND_EMAIL: optionalText,
  BRAND_PHONE: optionalText,
  BRAND_SIGNATORY: optionalText,
  SIGNING_P12: optionalText,
  SIGNING_P12_PASSPHRASE: optionalText,
  PAYMENT_URL: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.check((s) => s === "" || /^https:\/\/[^\s]+$/.test(s), "must be an https:// address"),
      v.transform((s) => (s === "" ? undefined : s)),
    ),
  ),
  PAYMENT_INSTRUCTIONS: optionalText,
  STRIPE_WEBHOOK_SECRET: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.check(
        (s) => s === "" || /^whsec_[A-Za-z0-9]+$/.test(s),
        "must be the endpoint's signing secret as Stripe shows it (whsec_...)",
      ),
      v.transform((s) => (s === "" ? undefined : s)),
    ),
  ),
  RETAINER_REPLENISH_PERCENT: percent(DEFAULT_REPLENISH_PERCENT),
  BRAND_ADDRESS: optionalText,
  BRAND_LICENCES: optionalText,
  FIRM_ARBITRATION_PROVIDER: optionalLine,
  FIRM_VENUE: optionalLine,
  FIRM_GOVERNING_LAW: optionalLine,
  LETTER_REMINDER_DAYS: days(DEFAULT_LETTER_REMINDER_DAYS, 1, 60),
  LETTER_EXPIRY_DAYS: days(DEFAULT_LETTER_EXPIRY_DAYS, 1, 365),
  TSA_URL: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.check((s) => s === "" || /^https?:\/\/[^\s]+$/.test(s), "must be an http:// or https:// address"),
      v.transform((s) => (s === "" ? undefined : s)),
    ),
  ),
});

/**
 * What demo mode says in the letter's dispute-resolution section when the firm has not: visibly samples, so a
 * letter sent from a demo can never pass for the firm's terms.
 */
export const DEMO_DISPUTE_TERMS = {
  arbitrationProvider: "the American Arbitration Association (sample for the demo)",
  venue: "Chicago, Illinois (sample for the demo)",
  governingLaw: "the State of Illinois (sample for the demo)",
} as const;

export type Config = {
  port: number;
  host: string;
  /** Absolute path of the folder holding the SQLite file, uploads and the generated session secret. */
  dataDir: string;
  /** Canonical origin without a trailing slash, e.g. https://www.tracewell.example */
  publicUrl: string;
  /** Whether cookies are Secure with the __Host- prefix and HSTS is sent. */
  secure: boolean;
  sessionSecrets: string[] | undefined;
  /** Keys for personal data at rest (DATA_KEY, newest first); undefined: DATA_DIR/data-key. */
  dataKeys: Uint8Array[] | undefined;
  smtpUrl: string | undefined;
  /** The bearer token GET /metrics asks for; undefined: /metrics is not served (404). */
  metricsToken: string | undefined;
  mailFrom: string | undefined;
  /** Where intake notifications and the digest go, and where replies to the desk's mail come back: INTAKE_NOTIFY_TO, else the brand's e-mail. */
  intakeNotifyTo: string;
  trustProxy: boolean;
  adminUsername: string | undefined;
  adminPassword: string | undefined;
  demo: boolean;
  /** Every admin signs in with a second factor. On unless REQUIRE_MFA says otherwise; off in demo mode. */
  requireMfa: boolean;
  logLevel: (typeof LOG_LEVELS)[number];
  /** Argon2id's cost for new password hashes: PRODUCTION_PASSWORD_COST except in a test run (PASSWORD_COST). */
  passwordCost: PasswordCost;
  /** How long a client may take to send a whole request body before it is answered 408. */
  bodyTimeoutSeconds: number;
  /** The desk's business-day clock: FIRM_TIMEZONE, BUSINESS_HOURS, HOLIDAYS, RESPONSE_SLA_HOURS. */
  desk: ClockSettings;
  brand: Brand;
  /**
   * The client portal's engagement: who signs letters for the firm (BRAND_SIGNATORY), the sealing certificate
   * (SIGNING_P12 and its passphrase; unset: one generated in DATA_DIR) and how clients pay (PAYMENT_URL with
   * {reference} and {amount}, PAYMENT_INSTRUCTIONS).
   */
  portal: {
    signatory: string;
    signingP12: string | undefined;
    signingP12Passphrase: string | undefined;
    paymentUrl: string | undefined;
    paymentInstructions: string | undefined;
    /** The signing secret of the Stripe webhook endpoint (STRIPE_WEBHOOK_SECRET); unset, the endpoint answers 503. */
    stripeWebhookSecret: string | undefined;
    /**
     * The letter's dispute resolution (FIRM_ARBITRATION_PROVIDER, FIRM_VENUE as city and state,
     * FIRM_GOVERNING_LAW): only the firm can state them, so none is invented (demo mode: marked samples), and a
     * letter is not sent while one is missing.
     */
    disputes: {
      arbitrationProvider: string | undefined;
      venue: string | undefined;
      governingLaw: string | undefined;
    };
    /**
     * The signing round (ADR 297): a waiting signer is reminded after LETTER_REMINDER_DAYS and as often again;
     * an unsigned letter expires LETTER_EXPIRY_DAYS after it was sent (firm's calendar days).
     */
    reminderDays: number;
    expiryDays: number;
    /** The RFC 3161 time-stamping authority the seal's timestamp comes from (TSA_URL, ADR 298); unset: none. */
    tsaUrl: string | undefined;
  };
  /**
   * Statements of account: a retainer whose remaining part is below RETAINER_REPLENISH_PERCENT of what was held
   * is asked to be replenished (0 never asks).
   */
  statements: { replenishPercent: number };
  /** The portal's documents: largest file (UPLOAD_MAX_BYTES) and all of one engagement's files (UPLOAD_MAX_TOTAL_BYTES). */
  uploads: { maxBytes: number; maxTotalBytes: number };
  /** Where ClamAV's clamd listens (CLAMD_URL): every upload is scanned there before it is accepted (ADR 296). */
  clamd: ClamdAddress | null;
};

export class ConfigError extends Error {
  override name = "ConfigError";
}

function brandFromEnv(env: v.InferOutput<typeof EnvSchema>): Brand {
  const brand = {
    name: env.BRAND_NAME ?? DEFAULT_BRAND.name,
    slogan: env.BRAND_SLOGAN ?? DEFAULT_BRAND.slogan,
    colours: {
      primary: env.BRAND_COLOUR_PRIMARY ?? DEFAULT_BRAND.colours.primary,
      accent: env.BRAND_COLOUR_ACCENT ?? DEFAULT_BRAND.colours.accent,
      paper: env.BRAND_COLOUR_PAPER ?? DEFAULT_BRAND.colours.paper,
      ink: env.BRAND_COLOUR_INK ?? DEFAULT_BRAND.colours.ink,
    },
    logo: {
      mark: env.BRAND_LOGO_MARK ?? DEFAULT_BRAND.logo.mark,
      png: env.BRAND_LOGO_PNG ?? DEFAULT_BRAND.logo.png,
      socialImage: env.BRAND_SOCIAL_IMAGE ?? DEFAULT_BRAND.logo.socialImage,
    },
    domain: env.BRAND_DOMAIN ?? DEFAULT_BRAND.domain,
    email: env.BRAND_EMAIL ?? DEFAULT_BRAND.email,
    phone: env.BRAND_PHONE ?? DEFAULT_BRAND.phone,
    address: env.BRAND_ADDRESS ?? DEFAULT_BRAND.address,
    licences: env.BRAND_LICENCES ?? DEFAULT_BRAND.licences,
  };
  const parsed = v.safeParse(BrandSchema, brand);
  if (!parsed.success) throw new ConfigError(describeIssue(parsed.issues[0], BRAND_VARIABLES));
  return parsed.output;
}

/** Which environment variable each brand field comes from, for error messages. */
const BRAND_VARIABLES: Record<string, string> = {
  name: "BRAND_NAME",
  slogan: "BRAND_SLOGAN",
  "colours.primary": "BRAND_COLOUR_PRIMARY",
  "colours.accent": "BRAND_COLOUR_ACCENT",
  "colours.paper": "BRAND_COLOUR_PAPER",
  "colours.ink": "BRAND_COLOUR_INK",
  "logo.mark": "BRAND_LOGO_MARK",
  "logo.png": "BRAND_LOGO_PNG",
  "logo.socialImage": "BRAND_SOCIAL_IMAGE",
  domain: "BRAND_DOMAIN",
  email: "BRAND_EMAIL",
  phone: "BRAND_PHONE",
  address: "BRAND_ADDRESS",
  licences: "BRAND_LICENCES",
};

function describeIssue(issue: v.BaseIssue<unknown> | undefined, names?: Record<string, string>): string {
  if (!issue) return "Invalid configuration";
  const key = v.getDotPath(issue) ?? "environment";
  const variable = names?.[key] ?? key;
  return `Invalid ${variable}: ${issue.message}`;
}

/** Parses the environment; throws ConfigError naming the first bad variable. */
export function loadConfig(env: Record<string, string | undefined>, cwd = process.cwd()): Config {
  // What an env file or systemd did to a value is named before the value's own rule, which would say less.
  const early = inlineCommentIssue(env) ?? systemdPathIssue(env);
  if (early) throw new ConfigError(early);
  const parsed = v.safeParse(EnvSchema, env);
  if (!parsed.success) throw new ConfigError(describeIssue(parsed.issues[0]));
  const e = parsed.output;
  if ((e.ADMIN_USERNAME === undefined) !== (e.ADMIN_PASSWORD === undefined)) {
    throw new ConfigError("Invalid ADMIN_USERNAME/ADMIN_PASSWORD: set both or neither");
  }
  if (e.PASSWORD_COST !== undefined && !isTestRun(e.NODE_ENV)) {
    throw new ConfigError(
      "Invalid PASSWORD_COST: only a test run (NODE_ENV=test) may lower the password cost",
    );
  }
  const issue =
    hostIssue(e.HOST) ??
    publicUrlIssue(env.PUBLIC_URL?.trim()) ??
    sessionSecretIssue(e.SESSION_SECRET) ??
    mailFromIssue(e.MAIL_FROM) ??
    notifyToIssue(e.INTAKE_NOTIFY_TO) ??
    s3CredentialsIssue(env);
  if (issue) throw new ConfigError(issue);
  const signingP12 =
    e.SIGNING_P12 === undefined || isAbsolute(e.SIGNING_P12) ? e.SIGNING_P12 : resolve(cwd, e.SIGNING_P12);
  const p12Issue = readableFileIssue(
    "SIGNING_P12",
    signingP12,
    "give the path of the firm's PKCS#12 file, or unset SIGNING_P12 to have a self-signed certificate made in DATA_DIR",
  );
  if (p12Issue) throw new ConfigError(p12Issue);
  const publicUrl = e.PUBLIC_URL ?? `http://localhost:${e.PORT || 3000}`;
  const brand = brandFromEnv(e);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: isAbsolute(e.DATA_DIR) ? e.DATA_DIR : resolve(cwd, e.DATA_DIR),
    publicUrl,
    secure: publicUrl.startsWith("https://"),
    sessionSecrets: e.SESSION_SECRET?.split(",")
      .map((s) => s.trim())
      .filter(Boolean),
    dataKeys: e.DATA_KEY === undefined ? undefined : parseDataKeys(e.DATA_KEY),
    smtpUrl: e.SMTP_URL,
    metricsToken: e.METRICS_TOKEN,
    mailFrom: e.MAIL_FROM,
    intakeNotifyTo: e.INTAKE_NOTIFY_TO ?? brand.email,
    trustProxy: e.TRUST_PROXY,
    adminUsername: e.ADMIN_USERNAME,
    adminPassword: e.ADMIN_PASSWORD,
    demo: e.DEMO,
    requireMfa: e.REQUIRE_MFA ?? !e.DEMO,
    passwordCost: e.PASSWORD_COST ?? PRODUCTION_PASSWORD_COST,
    logLevel: e.LOG_LEVEL,
    bodyTimeoutSeconds: e.BODY_TIMEOUT,
    desk: {
      timeZone: e.FIRM_TIMEZONE,
      hours: e.BUSINESS_HOURS,
      holidays: e.HOLIDAYS,
      slaHours: e.RESPONSE_SLA_HOURS,
    },
    brand,
    portal: {
      signatory: e.BRAND_SIGNATORY ?? `For ${brand.name}`,
      signingP12,
      signingP12Passphrase: e.SIGNING_P12_PASSPHRASE,
      paymentUrl: e.PAYMENT_URL,
      paymentInstructions: e.PAYMENT_INSTRUCTIONS,
      stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET,
      disputes: {
        arbitrationProvider:
          e.FIRM_ARBITRATION_PROVIDER ?? (e.DEMO ? DEMO_DISPUTE_TERMS.arbitrationProvider : undefined),
        venue: e.FIRM_VENUE ?? (e.DEMO ? DEMO_DISPUTE_TERMS.venue : undefined),
        governingLaw: e.FIRM_GOVERNING_LAW ?? (e.DEMO ? DEMO_DISPUTE_TERMS.governingLaw : undefined),
      },
      reminderDays: e.LETTER_REMINDER_DAYS,
      expiryDays: e.LETTER_EXPIRY_DAYS,
      tsaUrl: e.TSA_URL,
    },
    statements: { replenishPercent: e.RETAINER_REPLENISH_PERCENT },
    uploads: { maxBytes: e.UPLOAD_MAX_BYTES, maxTotalBytes: e.UPLOAD_MAX_TOTAL_BYTES },
    clamd: e.CLAMD_URL ? parseClamdUrl(e.CLAMD_URL) : null,
  };
}

/** DATA_KEY: base64 of 32 random bytes, or several separated by commas (newest first) while rotating. */
export function parseDataKeys(value: string): Uint8Array[] {
  const keys = value
    .split(",")
    .map((k) => k.trim())
    .filter(Boolean)
    .map((k) => (/^[A-Za-z0-9+/_-]+={0,2}$/.test(k) ? Buffer.from(k, "base64") : Buffer.alloc(0)));
  if (keys.length === 0 || keys.some((k) => k.length !== 32)) {
    throw new ConfigError(
      "Invalid DATA_KEY: must be base64 of 32 bytes (tracewell keys generate prints one), comma-separated while rotating",
    );
  }
  return keys;
}
