// What the build embeds (scripts/build.ts writes it to src/generated/assets.ts): every file the binary serves and
// what a page's head names. The HTTP layer serves the files (src/http/assets.ts); the pages read the manifest to
// write their heads.

/** One file the binary serves. Paths are embedded-file paths in the binary, real paths in development. */
export type AssetFile = {
  file: string;
  type: string;
  br?: string;
  gz?: string;
  /** Content-hashed name: cache forever. */
  immutable: boolean;
};

export type AssetManifest = {
  files: Record<string, AssetFile>;
  /**
   * URLs of the client bootstrap module and the stylesheet every page links; `fonts`: the web fonts every
   * page paints above the fold, which its head preloads (ADR 114); `siteCss`: the public site's smaller
   * stylesheet, without the admin's and the portal's rules (ADR 165); `boot`: the small script a page names
   * in its head, which starts `script` once the first frame is painted (ADR 215).
   */
  entry: { boot: string; script: string; css: string; siteCss?: string; preload: string[]; fonts?: string[] };
  /** For each lazily loaded page (by its export name), the chunk URLs it needs beyond the entry's. */
  pageChunks: Record<string, string[]>;
};
