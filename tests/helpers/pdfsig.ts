import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** What poppler's pdfsig says about a PDF: the proof that a reader other than ours accepts (or refuses) a seal. */
export function pdfsig(bytes: Uint8Array): string {
  const dir = mkdtempSync(join(tmpdir(), "tracewell-seal-"));
  try {
    const file = join(dir, "doc.pdf");
    writeFileSync(file, bytes);
    const run = Bun.spawnSync(["pdfsig", file]);
    return `${run.stdout.toString()}${run.stderr.toString()}`;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
