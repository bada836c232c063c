import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { S3Client } from "bun";
import S3rver from "s3rver";
import { newDataKey } from "../../src/ops/keys-cli";
import { BINARY, binaryEnv, killStarted, startBinary } from "../helpers/binary";
import { earlierVersionFolder } from "../helpers/earlier-version";
import { validIntake } from "../helpers/intake-body";
import { freePorts } from "../helpers/ports";
import { smtpServer } from "../helpers/smtp";
import { eventually } from "../helpers/wait";

/**
 * The operations guide is the tested path (issue 43, ADR 294). Every command block an operator types in
 * docs/operations.md is fenced as ```sh operator=<id>; this test runs each block listed in RUN, in the guide's
 * order, against the built binary in a temporary folder standing for the server's root (/var/lib/tracewell is
 * <root>/var/lib/tracewell, and so on), and checks the outcome the guide states under each command:
 *   # -> exit 0, prints "text", 'text'      the exit code, and texts its standard output or error holds
 *   # -> serves, logs "event"               a server: it must answer and log that; it is then stopped (exit 0)
 * A command with no stated outcome must exit 0. The blocks that need root, systemd, docker or a second machine
 * are listed in SKIPPED with the reason; a block in neither list, or a list entry the guide no longer has, fails.
 *
 * What the test stands in for, and only that: `tracewell-as-service` runs the binary as this process with the
 * service's environment (the guide's own runs it through systemd-run as the service's user); `systemctl` is
 * recorded, not run (where the guide restarts the service the test starts the binary itself, in `after`); `chown`
 * and `install -o/-g` drop the owner, as there is no tracewell user here. The guide's example names (a backup's
 * time, the drill's port and key) are filled with the real ones, each declared in `fill`.
 */
const GUIDE = join(import.meta.dir, "..", "..", "docs", "operations.md");

type Ctx = {
  root: string;
  env: Record<string, string>;
  /** The newest archive in the bucket, for the guide's example names. */
  newestInBucket: () => Promise<string>;
  snapshot?: string;
};
type Run = {
  /** Example values in the guide, and what stands for them here. */
  fill?: Record<string, (ctx: Ctx) => string | Promise<string>>;
  before?: (ctx: Ctx) => Promise<void>;
  after?: (ctx: Ctx) => Promise<void>;
};

const SKIPPED: Record<string, string> = {
  "install-build":
    "runs on a build machine and copies to the server over ssh; the test has built dist/tracewell",
  "install-server":
    "root: adds a system user and starts the systemd unit; the test installs the binary into <root>/opt/tracewell and starts it once on <root>/var/lib/tracewell as the unit would",
  "as-service":
    "defines tracewell-as-service over systemd-run as the tracewell user; the test's runs the binary with the service's environment",
  docker: "needs docker and its base images",
  fail2ban:
    "root: installs fail2ban and reads the systemd journal; the filter is run on the binary's own lines by tests/process/fail2ban.test.ts",
};

const RUN: Record<string, Run> = {
  doctor: {},
  "admin-create": {},
  "admin-reset-mfa": {},
  digest: {},
  upgrade: {},
  rollback: {
    // An upgrade to roll back: the folder as an earlier version left it (schema 5), started once by this binary.
    before: async (ctx) => {
      const dataDir = join(ctx.root, "var/lib/tracewell");
      rmSync(dataDir, { recursive: true, force: true });
      const old = earlierVersionFolder(
        join(ctx.root, "var/lib"),
        [{ intake: validIntake(new Date(), { email: "kept@example.com" }) }],
        validIntake(new Date(), { email: "gone@example.com" }),
      );
      Bun.spawnSync(["mv", old, dataDir]);
      const server = await startBinary({ dataDir, port: PORT, env: { ...ctx.env, LOG_LEVEL: "info" } });
      expect(server.log()).toContain('"upgrade_snapshot"');
      expect(await server.stop()).toBe(0);
      const snapshot = /"file":"[^"]*\/(pre-upgrade-schema-5-\d{8}T\d{9}Z\.twbackup)"/.exec(
        server.log(),
      )?.[1];
      if (!snapshot) throw new Error("no upgrade snapshot was logged");
      ctx.snapshot = snapshot;
    },
    fill: { "pre-upgrade-schema-<N>-<time>.twbackup": (ctx) => ctx.snapshot ?? "" },
    // The guide's `systemctl start tracewell`: the rolled-back folder starts and answers.
    after: async (ctx) => {
      const server = await startBinary({
        dataDir: join(ctx.root, "var/lib/tracewell"),
        port: PORT,
        env: ctx.env,
      });
      expect(await server.stop()).toBe(0);
    },
  },
  backups: {
    fill: { "tracewell-manual-20261120T073000123Z.twbackup": (ctx) => ctx.newestInBucket() },
  },
  "restore-drill": {
    fill: {
      "tracewell-manual-20261120T073000123Z.twbackup": (ctx) => ctx.newestInBucket(),
      "PORT=3999": () => `PORT=${freePorts(1)[0]}`,
      "DATA_KEY=...": (ctx) => `DATA_KEY=${ctx.env.DATA_KEY}`,
    },
  },
  "outbox-release": {},
  "key-rotation": {},
  retention: {},
};

type Block = { id: string | null; info: string; line: number; body: string };

/** Every fenced block of the guide, with its info string and the id after `operator=`. */
function blocks(markdown: string): Block[] {
  const out: Block[] = [];
  const lines = markdown.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\S.*)?$/.exec(lines[i] as string);
    if (!open) continue;
    const info = open[1] ?? "";
    const start = i;
    const body: string[] = [];
    for (i++; i < lines.length && lines[i] !== "```"; i++) body.push(lines[i] as string);
    out.push({
      id: /\boperator=(\S+)/.exec(info)?.[1] ?? null,
      info,
      line: start + 1,
      body: body.join("\n"),
    });
  }
  return out;
}

type Step = { command: string; exit: number; prints: string[]; serves: boolean };

/** A block's commands (continued lines joined, comments dropped) and the outcome stated under each. */
function steps(body: string): Step[] {
  const logical = body.replace(/\\\n\s*/g, "").split("\n");
  const out: Step[] = [];
  for (const raw of logical) {
    const line = raw.trim();
    if (line.startsWith("# ->")) {
      const last = out.at(-1);
      if (!last) throw new Error(`an outcome with no command before it: ${line}`);
      last.exit = Number(/\bexit (\d+)/.exec(line)?.[1] ?? 0);
      last.serves = /\bserves\b/.test(line);
      last.prints = [...line.matchAll(/"([^"]*)"|'([^']*)'/g)].map((m) => (m[1] ?? m[2]) as string);
      continue;
    }
    if (line === "" || line.startsWith("#")) continue;
    out.push({ command: line.replace(/\s+#\s.*$/, ""), exit: 0, prints: [], serves: false });
  }
  return out;
}

const root = mkdtempSync(join(tmpdir(), "tracewell-guide-"));
/** The server's paths as the guide writes them, under the test's root. */
const onRoot = (text: string) =>
  text.replace(
    /(?<![\w./-])\/(var\/lib|var\/tmp|var\/backups|opt\/tracewell|etc\/tracewell)(?=[/\s"'-]|$)/g,
    `${root}/$1`,
  );

/** What the operator's shell has: the binary as tracewell, the service's runner, the stand-ins named above. */
const PRELUDE = `
tracewell() { \${TW_EXEC:+exec} "$TRACEWELL_BINARY" "$@"; }
tracewell-as-service() { \${TW_EXEC:+exec} "$TRACEWELL_BINARY" "$@"; }
systemctl() { echo "systemctl $*" >> "$TW_ROOT/systemctl.log"; }
chown() { :; }
install() {
  local args=()
  while [ $# -gt 0 ]; do
    case "$1" in -o|-g) shift 2 ;; *) args+=("$1"); shift ;; esac
  done
  command install "\${args[@]}"
}
`;

const [SMTP_PORT = 0, S3_PORT = 0, PORT = 0] = freePorts(3);
const smtp = smtpServer(SMTP_PORT);
const s3Dir = join(root, "s3");
const s3 = new S3rver({
  port: S3_PORT,
  address: "127.0.0.1",
  silent: true,
  directory: s3Dir,
  configureBuckets: [{ name: "firm-backups" }],
});
const KEY = newDataKey();
/** /etc/tracewell/env, and the variable the admin's password comes from in the guide. */
const serviceEnv = {
  ...binaryEnv(join(root, "var/lib/tracewell"), PORT),
  DATA_KEY: KEY,
  PUBLIC_URL: "https://www.tracewell.example",
  SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
  MAIL_FROM: "Tracewell Intake <intake@tracewell.example>",
  INTAKE_NOTIFY_TO: "desk@tracewell.example",
  BACKUP_SCHEDULE: "off",
  BACKUP_S3_URL: "s3://firm-backups/tracewell",
  S3_ENDPOINT: `http://127.0.0.1:${S3_PORT}`,
  S3_REGION: "us-east-1",
  S3_ACCESS_KEY_ID: "S3RVER",
  S3_SECRET_ACCESS_KEY: "S3RVER",
  ALICE_PASSWORD: "a long passphrase of alice's",
};
const bucket = new S3Client({
  bucket: "firm-backups",
  endpoint: serviceEnv.S3_ENDPOINT,
  region: "us-east-1",
  accessKeyId: "S3RVER",
  secretAccessKey: "S3RVER",
});
const ctx: Ctx = {
  root,
  env: serviceEnv,
  newestInBucket: async () => {
    const names = ((await bucket.list({ prefix: "tracewell/" })).contents ?? []).map((o) =>
      o.key.slice("tracewell/".length),
    );
    const newest = names.sort().at(-1);
    if (!newest) throw new Error("the bucket holds no backup");
    return newest;
  },
};

beforeAll(async () => {
  mkdirSync(s3Dir);
  await smtp.listen();
  await s3.run();
  // What the skipped install blocks leave: the binary in /opt/tracewell, dist/ beside the shell, the data folder
  // made by the unit's first start.
  mkdirSync(join(root, "opt/tracewell"), { recursive: true });
  copyFileSync(BINARY, join(root, "opt/tracewell/tracewell"));
  chmodSync(join(root, "opt/tracewell/tracewell"), 0o755);
  mkdirSync(join(root, "dist"));
  symlinkSync(BINARY, join(root, "dist/tracewell"));
  for (const dir of ["var/lib", "var/tmp", "etc/tracewell"]) mkdirSync(join(root, dir), { recursive: true });
  const first = await startBinary({ dataDir: join(root, "var/lib/tracewell"), port: PORT, env: serviceEnv });
  expect(await first.stop()).toBe(0);
}, 60_000);
afterAll(async () => {
  killStarted();
  await smtp.close();
  await s3.close();
  rmSync(root, { recursive: true, force: true });
});

async function runStep(step: Step) {
  const env = {
    ...serviceEnv,
    TRACEWELL_BINARY: join(root, "opt/tracewell/tracewell"),
    TW_ROOT: root,
    ...(step.serves ? { TW_EXEC: "1" } : {}),
  };
  const proc = Bun.spawn(["bash", "-c", `${PRELUDE}\n${step.command}`], {
    cwd: root,
    env,
    stdout: "pipe",
    stderr: "pipe",
  });
  let output = "";
  const decoder = new TextDecoder();
  const reads = [proc.stdout, proc.stderr].map(async (stream) => {
    for await (const chunk of stream) output += decoder.decode(chunk, { stream: true });
  });
  if (step.serves) {
    const logged = await eventually(() => step.prints.every((p) => output.includes(p)), {
      timeoutMs: 30_000,
    });
    proc.kill("SIGTERM");
    const code = await proc.exited;
    await Promise.all(reads);
    return { code: logged ? code : -1, output };
  }
  const timer = setTimeout(() => proc.kill("SIGKILL"), 60_000);
  const code = await proc.exited;
  clearTimeout(timer);
  await Promise.all(reads);
  return { code, output };
}

const guide = blocks(readFileSync(GUIDE, "utf8"));

describe("docs/operations.md", () => {
  test("every command block is marked, and each mark is either run here or skipped with its reason", () => {
    const shell = guide.filter((b) => /^(sh|bash|shell|console)\b/.test(b.info));
    const unmarked = shell.filter((b) => b.id === null).map((b) => `line ${b.line}: \`\`\`${b.info}`);
    expect(unmarked).toEqual([]);
    const ids = shell.map((b) => b.id as string);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    const neither = ids.filter((id) => !(id in RUN) && !(id in SKIPPED));
    expect(neither).toEqual([]);
    const stale = [...Object.keys(RUN), ...Object.keys(SKIPPED)].filter((id) => !ids.includes(id));
    expect(stale).toEqual([]);
    // The other blocks are files and log lines, never commands.
    expect(guide.filter((b) => !shell.includes(b)).map((b) => b.info)).toEqual(["ini", "text"]);
    for (const [id, reason] of Object.entries(SKIPPED)) console.info(`skipped ${id}: ${reason}`);
  });

  for (const block of guide.filter((b) => b.id !== null && b.id in RUN)) {
    const id = block.id as string;
    test(`the "${id}" block (line ${block.line}) does what the guide says`, async () => {
      const run = RUN[id] as Run;
      await run.before?.(ctx);
      const fills = Object.entries(run.fill ?? {});
      for (const [example] of fills) expect(block.body).toContain(example);
      const list = steps(block.body);
      expect(list.length).toBeGreaterThan(0);
      for (const written of list) {
        // An example is filled when its command runs: a name the block's earlier commands made.
        let command = written.command;
        for (const [example, real] of fills)
          if (command.includes(example)) command = command.split(example).join(await real(ctx));
        const step = { ...written, command: onRoot(command), prints: written.prints.map(onRoot) };
        const { code, output } = await runStep(step);
        const expected = { command: step.command, code: step.exit, prints: step.prints };
        const got = {
          command: step.command,
          code,
          prints: step.prints.filter((p) => output.includes(p)),
        };
        if (JSON.stringify(got) !== JSON.stringify(expected)) console.error(`$ ${step.command}\n${output}`);
        expect(got).toEqual(expected);
      }
      await run.after?.(ctx);
    }, 120_000);
  }
});
