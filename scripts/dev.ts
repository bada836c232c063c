/**
 * Development loop: rebuilds the assets, then runs the server from source; restarts both when a file under
 * src/ or web/ changes. Serves http://127.0.0.1:3000 in demo mode with data in ./data.
 */
import { watch } from "node:fs";
import { join } from "node:path";

const ROOT = join(import.meta.dir, "..");
let server: ReturnType<typeof Bun.spawn> | undefined;
let timer: ReturnType<typeof setTimeout> | undefined;

async function restart() {
  server?.kill("SIGTERM");
  await server?.exited;
  const build = Bun.spawn([process.execPath, "scripts/build.ts", "--assets"], {
    cwd: ROOT,
    stdout: "inherit",
    stderr: "inherit",
  });
  if ((await build.exited) !== 0) return;
  server = Bun.spawn([process.execPath, "src/main.ts"], {
    cwd: ROOT,
    env: { DEMO: "1", HOST: "127.0.0.1", ...process.env },
    stdout: "inherit",
    stderr: "inherit",
  });
}

for (const dir of ["src", "web"]) {
  watch(join(ROOT, dir), { recursive: true }, (_event, file) => {
    if (file?.includes("generated")) return;
    clearTimeout(timer);
    timer = setTimeout(restart, 150);
  });
}
await restart();
