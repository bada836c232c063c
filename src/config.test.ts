import { describe, expect, test } from "bun:test";
import { ConfigError, loadConfig } from "./config";

const load = (env: Record<string, string>) => loadConfig(env, "/srv/tracewell");

describe("PASSWORD_COST", () => {
  const TEST_COST = { NODE_ENV: "test", PASSWORD_COST: "m=8,t=1" };

  test("production hashes at argon2id's full cost: 64 MiB, 2 passes", () => {
    expect(load({}).passwordCost).toEqual({ memoryCost: 65536, timeCost: 2 });
    expect(load({ NODE_ENV: "production" }).passwordCost).toEqual({ memoryCost: 65536, timeCost: 2 });
  });

  test("a test run may lower it", () => {
    expect(load(TEST_COST).passwordCost).toEqual({ memoryCost: 8, timeCost: 1 });
  });

  test("is refused outside a test run, naming the variable", () => {
    for (const env of [
      { PASSWORD_COST: "m=8,t=1" },
      { NODE_ENV: "production", PASSWORD_COST: "m=8,t=1" },
    ] as Record<string, string>[]) {
      expect(() => load(env)).toThrow(ConfigError);
      expect(() => load(env)).toThrow("Invalid PASSWORD_COST");
    }
  });

  test("a malformed or impossible cost is refused", () => {
    for (const bad of ["cheap", "m=8", "m=4,t=1", "m=8,t=0", "m=8,t=1,p=2"]) {
      expect(() => load({ NODE_ENV: "test", PASSWORD_COST: bad })).toThrow("Invalid PASSWORD_COST");
    }
  });
});

describe("loadConfig", () => {
  test("defaults match the operator contract", () => {
    const c = load({});
    expect(c.port).toBe(3000);
    expect(c.host).toBe("0.0.0.0");
    expect(c.dataDir).toBe("/srv/tracewell/data");
    expect(c.publicUrl).toBe("http://localhost:3000");
    expect(c.secure).toBe(false);
    expect(c.demo).toBe(false);
    expect(c.requireMfa).toBe(true);
    expect(c.trustProxy).toBe(false);
    expect(c.logLevel).toBe("info");
    expect(c.bodyTimeoutSeconds).toBe(120);
    expect(c.brand.name).toBe("Tracewell");
    expect(c.brand.slogan).toBe("Find what's hidden. Prove what's true.");
  });

  test("reads and normalises values", () => {
    const c = load({
      PORT: "8080",
      DATA_DIR: "/var/lib/tracewell",
      PUBLIC_URL: "https://www.tracewell.example/",
      SESSION_SECRET: "new-secret-aaaaaaaaaaaaaaaaaaaaaaaa, old-secret-bbbbbbbbbbbbbbbbbbbbbbbbbb",
      DEMO: "true",
      TRUST_PROXY: "1",
      LOG_LEVEL: "WARN",
      BODY_TIMEOUT: " 300 ",
    });
    expect(c.port).toBe(8080);
    expect(c.dataDir).toBe("/var/lib/tracewell");
    expect(c.publicUrl).toBe("https://www.tracewell.example");
    expect(c.secure).toBe(true);
    expect(c.sessionSecrets).toEqual([
      "new-secret-aaaaaaaaaaaaaaaaaaaaaaaa",
      "old-secret-bbbbbbbbbbbbbbbbbbbbbbbbbb",
    ]);
    expect(c.demo).toBe(true);
    expect(c.trustProxy).toBe(true);
    expect(c.logLevel).toBe("warn");
    expect(c.bodyTimeoutSeconds).toBe(300);
  });

  test("two-step sign-in is required unless REQUIRE_MFA says otherwise; demo mode does without it", () => {
    expect(load({ REQUIRE_MFA: "false" }).requireMfa).toBe(false);
    expect(load({ REQUIRE_MFA: "" }).requireMfa).toBe(true);
    expect(load({ DEMO: "1" }).requireMfa).toBe(false);
    expect(load({ DEMO: "1", REQUIRE_MFA: "on" }).requireMfa).toBe(true);
  });

  test.each([
    [{ REQUIRE_MFA: "sometimes" }, "REQUIRE_MFA"],
    [{ PORT: "eighty" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ PUBLIC_URL: "www.example.com" }, "PUBLIC_URL"],
    [{ PUBLIC_URL: "ftp://example.com" }, "PUBLIC_URL"],
    [{ DEMO: "maybe" }, "DEMO"],
    [{ LOG_LEVEL: "loud" }, "LOG_LEVEL"],
    [{ BODY_TIMEOUT: "0" }, "BODY_TIMEOUT"],
    [{ BODY_TIMEOUT: "2m" }, "BODY_TIMEOUT"],
    [{ BODY_TIMEOUT: "86400" }, "BODY_TIMEOUT"],
    [{ SMTP_URL: "mail.example.com" }, "SMTP_URL"],
    [{ BRAND_EMAIL: "not-an-email" }, "BRAND_EMAIL"],
    [{ BRAND_COLOUR_PRIMARY: "navy" }, "BRAND_COLOUR_PRIMARY"],
    [{ BRAND_ADDRESS: "1200 Main Street\nDallas" }, "BRAND_ADDRESS"],
    [{ BRAND_LICENCES: "x".repeat(301) }, "BRAND_LICENCES"],
    [{ ADMIN_USERNAME: "ops" }, "ADMIN_USERNAME"],
    [{ FIRM_VENUE: "Dallas,\nTexas" }, "FIRM_VENUE"],
    [{ FIRM_ARBITRATION_PROVIDER: "x".repeat(301) }, "FIRM_ARBITRATION_PROVIDER"],
    [{ FIRM_GOVERNING_LAW: "Texas\r" + "law" }, "FIRM_GOVERNING_LAW"],
  ])("a bad value stops the start naming the variable: %o", (env, variable) => {
    expect(() => load(env)).toThrow(ConfigError);
    expect(() => load(env)).toThrow(new RegExp(`Invalid ${variable}`));
  });

  test("brand settings are overridable one by one", () => {
    const c = load({
      BRAND_NAME: "Ledger & Lens",
      BRAND_PHONE: "(555) 010-0199",
      BRAND_COLOUR_ACCENT: "#aa8833",
    });
    expect(c.brand.name).toBe("Ledger & Lens");
    expect(c.brand.phone).toBe("(555) 010-0199");
    expect(c.brand.colours.accent).toBe("#aa8833");
    expect(c.brand.colours.primary).toBe("#0f1f3a");
    expect(c.brand.email).toBe("intake@tracewell.example");
    // The sample firm states no office and no licences: nothing is invented for it.
    expect(c.brand.address).toBe("");
    expect(c.brand.licences).toBe("");
  });

  test("the intake desk's address is INTAKE_NOTIFY_TO, else the brand's e-mail", () => {
    expect(load({ BRAND_EMAIL: "desk@ledger.example" }).intakeNotifyTo).toBe("desk@ledger.example");
    expect(
      load({ BRAND_EMAIL: "desk@ledger.example", INTAKE_NOTIFY_TO: "team@ledger.example" }).intakeNotifyTo,
    ).toBe("team@ledger.example");
  });

  test("the letter's dispute terms come from the firm; unset, none is invented, and demo mode fills samples marked as such", () => {
    expect(
      load({
        FIRM_ARBITRATION_PROVIDER: " the American Arbitration Association ",
        FIRM_VENUE: "Dallas, Texas",
        FIRM_GOVERNING_LAW: "the State of Texas",
      }).portal.disputes,
    ).toEqual({
      arbitrationProvider: "the American Arbitration Association",
      venue: "Dallas, Texas",
      governingLaw: "the State of Texas",
    });
    expect(load({ FIRM_VENUE: "" }).portal.disputes).toEqual({
      arbitrationProvider: undefined,
      venue: undefined,
      governingLaw: undefined,
    });
    const demo = load({ DEMO: "1", FIRM_VENUE: "Dallas, Texas" }).portal.disputes;
    expect(demo.venue).toBe("Dallas, Texas");
    for (const sample of [demo.arbitrationProvider, demo.governingLaw])
      expect(sample).toMatch(/\(sample\b[^)]*\)$/);
  });

  test("STRIPE_WEBHOOK_SECRET is unset unless given, and a value that is not a signing secret is refused naming it", () => {
    expect(load({}).portal.stripeWebhookSecret).toBeUndefined();
    expect(load({ STRIPE_WEBHOOK_SECRET: "" }).portal.stripeWebhookSecret).toBeUndefined();
    expect(load({ STRIPE_WEBHOOK_SECRET: " whsec_abc123 " }).portal.stripeWebhookSecret).toBe("whsec_abc123");
    // The API key pasted in its place, or the secret with its quotes, stops the start instead of refusing every event.
    for (const bad of ["sk_live_abc123", '"whsec_abc123"', "whsec_"]) {
      expect(() => load({ STRIPE_WEBHOOK_SECRET: bad })).toThrow("Invalid STRIPE_WEBHOOK_SECRET");
    }
  });

  test("PAYMENT_INSTRUCTIONS is free text kept as given, unset when blank", () => {
    expect(load({ PAYMENT_INSTRUCTIONS: "  " }).portal.paymentInstructions).toBeUndefined();
    expect(
      load({ PAYMENT_INSTRUCTIONS: "Wire to account 123, ABA 021000021" }).portal.paymentInstructions,
    ).toBe("Wire to account 123, ABA 021000021");
  });

  test("RETAINER_REPLENISH_PERCENT is 20 unless set, a whole number from 0 to 100, refused naming it", () => {
    expect(load({}).statements.replenishPercent).toBe(20);
    expect(load({ RETAINER_REPLENISH_PERCENT: " 35 " }).statements.replenishPercent).toBe(35);
    expect(load({ RETAINER_REPLENISH_PERCENT: "0" }).statements.replenishPercent).toBe(0);
    for (const bad of ["twenty", "12.5", "-5", "101"]) {
      expect(() => load({ RETAINER_REPLENISH_PERCENT: bad })).toThrow("Invalid RETAINER_REPLENISH_PERCENT");
    }
  });
});

describe("values an env file or systemd spoilt", () => {
  test.each([
    ["DATA_DIR", "/var/lib/tracewell   # the data folder"],
    ["BACKUP_DIR", "# default DATA_DIR/backups"],
    ["PUBLIC_URL", "https://www.tracewell.example # canonical"],
    ["PORT", "3000 # where to listen"],
    ["SMTP_URL", "smtp://mail.example.com:587\t# relay"],
  ])("%s with a comment after its value is refused, naming the fix", (name, value) => {
    expect(() => load({ [name]: value })).toThrow(ConfigError);
    expect(() => load({ [name]: value })).toThrow(
      new RegExp(
        `^Invalid ${name}: the value ends in a comment \\("#[^"]*"\\), and env files have no inline comments.*line of its own`,
      ),
    );
  });

  test("a secret may begin with #; after a space it is a comment there too", () => {
    expect(load({ SESSION_SECRET: `#${"s".repeat(40)}` }).sessionSecrets).toEqual([`#${"s".repeat(40)}`]);
    expect(() => load({ SESSION_SECRET: `${"s".repeat(40)} # the new one` })).toThrow(
      /^Invalid SESSION_SECRET: the value ends in a comment \("# the new one"\)/,
    );
    // The secret itself is not repeated in the message, nor a URL's password.
    expect(() => load({ SESSION_SECRET: `${"s".repeat(40)} # the new one` })).not.toThrow(/s{40}/);
    expect(() => load({ SMTP_URL: "smtp://user:hunter22@mail.example.com # relay" })).not.toThrow(/hunter22/);
  });

  test("free text may hold a #", () => {
    expect(load({ BRAND_ADDRESS: "1200 Main Street, Suite #400" }).brand.address).toContain("#400");
  });

  test("under systemd (INVOCATION_ID set) a relative DATA_DIR or BACKUP_DIR is refused; an absolute one starts", () => {
    const systemd = { INVOCATION_ID: "5b1e0c3a" };
    expect(() => load({ ...systemd, DATA_DIR: "./data" })).toThrow(
      /^Invalid DATA_DIR: "\.\/data" is relative.*give an absolute path/,
    );
    expect(() => load({ ...systemd, DATA_DIR: "/var/lib/tracewell", BACKUP_DIR: "backups" })).toThrow(
      /^Invalid BACKUP_DIR: "backups" is relative/,
    );
    expect(() => load(systemd)).toThrow(/^Invalid DATA_DIR: not set/);
    expect(load({ ...systemd, DATA_DIR: "/var/lib/tracewell" }).dataDir).toBe("/var/lib/tracewell");
    // Outside systemd a relative folder is the operator's own choice, resolved where the command runs.
    expect(load({ DATA_DIR: "./data" }).dataDir).toBe("/srv/tracewell/data");
  });
});

describe("every setting checked at start, refused naming the variable and the fix", () => {
  test.each([
    [
      { MAIL_FROM: "not an address" },
      /^Invalid MAIL_FROM: "not an address" is not an email address: give one/,
    ],
    [
      { MAIL_FROM: '"Tracewell Intake <intake@tracewell.example>"' },
      /^Invalid MAIL_FROM: .*wrapped in quotes.*remove them/,
    ],
    [{ MAIL_FROM: "'intake@tracewell.example'" }, /^Invalid MAIL_FROM: .*wrapped in quotes/],
    [
      { INTAKE_NOTIFY_TO: "desk" },
      /^Invalid INTAKE_NOTIFY_TO: "desk" is not an email address: give the desk's address/,
    ],
    [{ INTAKE_NOTIFY_TO: "desk@tracewell.example, team" }, /^Invalid INTAKE_NOTIFY_TO: "team"/],
    [
      { SESSION_SECRET: "abc" },
      /^Invalid SESSION_SECRET: each secret must be at least 32 characters, and one has 3: make one with openssl rand/,
    ],
    [{ SESSION_SECRET: `${"n".repeat(40)},old` }, /^Invalid SESSION_SECRET: .*one has 3/],
    [
      { SIGNING_P12: "/nonexistent" },
      /^Invalid SIGNING_P12: \/nonexistent does not exist: give the path of the firm's PKCS#12 file/,
    ],
    [{ SIGNING_P12: "/" }, /^Invalid SIGNING_P12: \/ is not a file/],
    [
      { PUBLIC_URL: "https://www.tracewell.example/site" },
      /^Invalid PUBLIC_URL: must be the site's origin alone.*\(https:\/\/www\.tracewell\.example\)/,
    ],
    [
      { PUBLIC_URL: "https://www.tracewell.example/?utm=1" },
      /^Invalid PUBLIC_URL: must be the site's origin alone/,
    ],
    [{ PUBLIC_URL: "https://www.tracewell.example#top" }, /^Invalid PUBLIC_URL/],
    [
      { BACKUP_S3_URL: "s3://firm-backups/tracewell" },
      /^Invalid BACKUP_S3_URL: the bucket's credentials are missing: set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/,
    ],
    [{ BACKUP_S3_URL: "s3://firm-backups", S3_ACCESS_KEY_ID: "AKIA" }, /^Invalid BACKUP_S3_URL/],
    [
      { HOST: "localhost:3000" },
      /^Invalid HOST: "localhost:3000" holds a port: give the address alone \(HOST=localhost\) and the port in PORT/,
    ],
    [{ HOST: "[::1]:3000" }, /^Invalid HOST: .* holds a port: give the address alone \(HOST=::1\)/],
    [{ HOST: "http://127.0.0.1" }, /^Invalid HOST: "http:\/\/127\.0\.0\.1" is a URL/],
    [{ HOST: "my host" }, /^Invalid HOST: "my host" is neither an IP address nor a host name/],
  ] as [Record<string, string>, RegExp][])("%o", (env, message) => {
    expect(() => load(env)).toThrow(ConfigError);
    expect(() => load(env)).toThrow(message);
  });

  test("the good forms of the same settings start", () => {
    const c = load({
      MAIL_FROM: '"Tracewell Intake" <intake@tracewell.example>',
      INTAKE_NOTIFY_TO: "desk@tracewell.example, partner@tracewell.example",
      SESSION_SECRET: "x".repeat(32),
      PUBLIC_URL: "https://www.tracewell.example/",
      BACKUP_S3_URL: "s3://firm-backups/tracewell",
      S3_ACCESS_KEY_ID: "AKIA",
      S3_SECRET_ACCESS_KEY: "secret",
      HOST: "::1",
      SIGNING_P12: import.meta.path,
    });
    expect(c.mailFrom).toBe('"Tracewell Intake" <intake@tracewell.example>');
    expect(c.publicUrl).toBe("https://www.tracewell.example");
    expect(c.host).toBe("::1");
    expect(load({ MAIL_FROM: "intake@tracewell.example", HOST: "tracewell-app.internal" }).host).toBe(
      "tracewell-app.internal",
    );
    expect(load({ BACKUP_S3_URL: "s3://b", AWS_ACCESS_KEY_ID: "a", AWS_SECRET_ACCESS_KEY: "s" }).port).toBe(
      3000,
    );
  });
});
