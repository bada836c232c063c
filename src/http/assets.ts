import { readFileSync } from "node:fs";
import { Elysia } from "elysia";
import type { AssetFile, AssetManifest } from "../lib/asset-manifest";
import { chooseEncoding, type Encoding } from "../lib/compress";

// The manifest is described beside the pages that read it (src/lib/asset-manifest.ts); this serves its files.
export type { AssetFile, AssetManifest };

const IMMUTABLE = "public, max-age=31536000, immutable";
/** Stable names (logos, downloads, manifest) may change with a release: cache a day, then revalidate. */
const STABLE = "public, max-age=86400";

/** Registers a GET route per file: the route table is exact, so lookups cost nothing at request time. */
export const assetsPlugin = (manifest: AssetManifest) => {
  const app = new Elysia({ name: "assets" });
  for (const [url, asset] of Object.entries(manifest.files)) {
    const download = url.startsWith("/docs/") ? url.slice("/docs/".length) : undefined;
    app.get(url, ({ request }) => serveAsset(asset, request.headers.get("accept-encoding"), download));
  }
  return app;
};

/**
 * `download` names a file offered for download. Without an explicit Content-Disposition, Bun names an
 * embedded file after its content-hashed copy inside the binary, which is what a browser would save.
 */
export function serveAsset(asset: AssetFile, acceptEncoding: string | null, download?: string): Response {
  const encoded = chooseEncoding(acceptEncoding, { br: asset.br, gzip: asset.gz });
  return new Response(contentOf(encoded?.body ?? asset.file), {
    headers: assetHeaders(asset, encoded?.encoding, download),
  });
}

function assetHeaders(asset: AssetFile, encoding?: Encoding, download?: string): Record<string, string> {
  const headers: Record<string, string> = {
    "content-type": asset.type,
    "cache-control": asset.immutable ? IMMUTABLE : STABLE,
  };
  if (download) headers["content-disposition"] = `attachment; filename="${download}"`;
  if (asset.br || asset.gz) headers.vary = "Accept-Encoding";
  if (encoding) headers["content-encoding"] = encoding;
  return headers;
}

/** `path` is the request's rawPath(request.url), which the caller also logs. */
export type AssetFastPath = (request: Request, path: string, requestId: string) => Response | undefined;

/**
 * Answers a GET for a content-hashed file under /assets/ (the pages' scripts and style sheets) before the
 * framework's pipeline, as the cached pages' fast path does (ADR 012): the same bytes and headers the route
 * sends, with `headers` (the security headers of an asset) and the request id. Other files, other methods
 * and requests with a body take the route.
 */
export function createAssetFastPath(manifest: AssetManifest, headers: Record<string, string>): AssetFastPath {
  type Ready = { body: Blob; headers: Headers };
  type Answers = { br?: Ready; gzip?: Ready; identity: Ready };
  // Built on a file's first request, as the route reads its bytes then too: a start reads no asset.
  const answers = new Map<string, Answers>();
  const answersOf = (url: string): Answers | undefined => {
    const asset = Object.hasOwn(manifest.files, url) ? manifest.files[url] : undefined;
    if (!asset?.immutable || !url.startsWith("/assets/")) return undefined;
    const ready = (file: string, encoding?: Encoding): Ready => ({
      body: contentOf(file),
      headers: new Headers({ ...headers, ...assetHeaders(asset, encoding) }),
    });
    const built = {
      br: asset.br ? ready(asset.br, "br") : undefined,
      gzip: asset.gz ? ready(asset.gz, "gzip") : undefined,
      identity: ready(asset.file),
    };
    answers.set(url, built);
    return built;
  };
  return (request, path, requestId) => {
    if (request.method !== "GET" || request.body !== null) return undefined;
    const asset = answers.get(path) ?? answersOf(path);
    if (!asset) return undefined;
    const ready = chooseEncoding(request.headers.get("accept-encoding"), asset)?.body ?? asset.identity;
    const response = new Response(ready.body, { headers: ready.headers });
    response.headers.set("x-request-id", requestId);
    return response;
  };
}

/**
 * The files are small (a few MB in all) and never change while the process runs, so each is read once and
 * served from memory: streaming it from the binary on every request cost more than the request itself. Kept
 * as Blobs, which a Response shares; a byte array would be copied into every Response (ADR 012).
 */
const loaded = new Map<string, Blob>();
function contentOf(path: string): Blob {
  let content = loaded.get(path);
  if (!content) {
    content = new Blob([readFileSync(path)]);
    loaded.set(path, content);
  }
  return content;
}
