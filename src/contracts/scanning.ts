/**
 * Where ClamAV's clamd listens (CLAMD_URL, ADR 296): `tcp://host:port` or `unix:/path/to/clamd.ctl`. Read once
 * by the config; the documents feature streams every upload there before it is accepted.
 */
export type ClamdAddress = { kind: "tcp"; host: string; port: number } | { kind: "unix"; path: string };

export function parseClamdUrl(raw: string): ClamdAddress | null {
  if (raw.startsWith("unix:")) {
    const path = raw.slice("unix:".length).replace(/^\/\/(?=\/)/, "");
    return path.startsWith("/") ? { kind: "unix", path } : null;
  }
  const m = /^tcp:\/\/(\[[0-9a-fA-F:]+\]|[A-Za-z0-9.-]+):(\d{1,5})\/?$/.exec(raw);
  const port = Number(m?.[2]);
  if (!m?.[1] || !(port >= 1 && port <= 65535)) return null;
  return { kind: "tcp", host: m[1].replace(/^\[|\]$/g, ""), port };
}

/** How an address is named in a log line, the setup list and `tracewell doctor`. */
export const clamdLabel = (a: ClamdAddress) =>
  a.kind === "unix" ? `unix:${a.path}` : `tcp://${a.host}:${a.port}`;

/**
 * How long a file the scanner flagged is kept, sealed, in quarantine before it leaves the disk (ADR 304): long
 * enough for the desk to look into it with the client, short enough that the risk is not kept for nothing.
 */
export const QUARANTINE_DAYS = 30;

export const SCAN_MESSAGES = {
  infected: (signature: string) =>
    `This file was refused: our virus scanner found ${signature} in it. It is not among your files and no one can open it; we have been told. If you believe the file is safe, reply to our email and we will find another way to receive it.`,
} as const;
