/**
 * What `tracewell --version` says of the binary beyond package.json's version: the commit it was built from and
 * the day it was built (UTC). scripts/build.ts bakes both in with `--define`; code run from source has neither.
 * An operator comparing two machines, or a report with a release, needs all three (ADR 284).
 */
declare const TRACEWELL_COMMIT: string | undefined;
declare const TRACEWELL_BUILT: string | undefined;

export const BUILD = {
  /** The git short hash at build time; "unknown" when built outside git. */
  commit: typeof TRACEWELL_COMMIT === "string" ? TRACEWELL_COMMIT : "unknown",
  /** The build's UTC date (YYYY-MM-DD); undefined when run from source. */
  built: typeof TRACEWELL_BUILT === "string" ? TRACEWELL_BUILT : undefined,
};

/** `tracewell 0.1.0 (a1b2c3d, built 2026-12-01)`, or `(…, not built)` from source. */
export const versionLine = (pkg: { name: string; version: string }) =>
  `${pkg.name} ${pkg.version} (${BUILD.commit}, ${BUILD.built ? `built ${BUILD.built}` : "not built"})`;
