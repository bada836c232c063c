import pkg from "../package.json";
import { versionLine } from "./contracts/build-info";

/**
 * The executable's entry: it reads the command and imports that command's code only then, so `--version`
 * evaluates nothing of the server and `--help` only the help texts (ADR 236). Each command's code is in
 * src/cli/.
 */
async function main(argv: string[]): Promise<number> {
  const [command = "serve"] = argv;
  // The database, its backups and the uploads hold clients' personal data: files this process creates are
  // readable by its own user only, however it was started (the systemd unit says the same with UMask).
  process.umask(0o077);
  if (command === "--version" || command === "-v") {
    process.stdout.write(`${versionLine(pkg)}\n`);
    return 0;
  }
  if (command === "--help" || command === "-h" || command === "help") {
    process.stdout.write((await import("./cli/help")).HELP);
    return 0;
  }
  if (command === "serve") {
    // The runtime's own start (to here) apart from evaluating the server's modules, for the start log (ADR 308).
    const runtimeMs = performance.now();
    const { serve } = await import("./cli/serve");
    return serve({ runtimeMs, modulesMs: performance.now() - runtimeMs });
  }
  if (command === "digest") return (await import("./cli/digest")).digestNow();
  const code = await (await import("./cli/commands")).runCommand(argv);
  if (code !== undefined) return code;
  process.stderr.write(`Unknown command "${command}".\n\n${(await import("./cli/help")).HELP}`);
  return 2;
}

/** A bad setting or data key stops the command with its one-line message; anything else with its stack. */
async function fail(error: unknown): Promise<never> {
  const [{ ConfigError }, { DataKeyError }, { SchemaAheadError }] = await Promise.all([
    import("./config"),
    import("./db/cipher"),
    import("./db"),
  ]);
  if (error instanceof ConfigError || error instanceof DataKeyError || error instanceof SchemaAheadError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
}

main(process.argv.slice(2)).then((code) => process.exit(code), fail);
