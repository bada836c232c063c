import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

/** ASCII letters folded to lower case, byte by byte: works on UTF-8 and on both UTF-16 byte orders. */
function foldAscii(bytes: Uint8Array): Buffer {
  const out = Buffer.from(bytes);
  for (let i = 0; i < out.length; i++) {
    const b = out[i] as number;
    if (b >= 0x41 && b <= 0x5a) out[i] = b + 0x20;
  }
  return out;
}

const encodings = (marker: string): { encoding: string; bytes: Buffer }[] => {
  const lower = marker.toLowerCase();
  const le = Buffer.from(lower, "utf16le");
  const be = Buffer.from(le);
  be.swap16();
  return [
    { encoding: "UTF-8", bytes: Buffer.from(lower, "utf8") },
    { encoding: "UTF-16LE", bytes: le },
    { encoding: "UTF-16BE", bytes: be },
  ];
};

/** Every regular file under `path` (or `path` itself when it is a file). */
export function filesUnder(path: string): string[] {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, { recursive: true, encoding: "utf8" })
    .map((name) => join(path, name))
    .filter((file) => statSync(file).isFile());
}

export type Finding = { file: string; marker: string; encoding: string; offset: number };

/**
 * Looks for each marker (ASCII text) in every byte of every file under the given paths, in UTF-8, UTF-16LE
 * and UTF-16BE, in any letter case. An empty result means no file holds any of them in a readable form.
 */
export function scanForMarkers(paths: string[], markers: string[]): Finding[] {
  const findings: Finding[] = [];
  for (const file of paths.flatMap(filesUnder)) {
    const folded = foldAscii(readFileSync(file));
    for (const marker of markers) {
      for (const { encoding, bytes } of encodings(marker)) {
        const offset = folded.indexOf(bytes);
        if (offset >= 0) findings.push({ file, marker, encoding, offset });
      }
    }
  }
  return findings;
}
