// The bare baseline of scripts/bench: Bun.serve alone, with a fetch handler, answering the pages the bench
// captured from the binary with the same bytes and the same headers (a fresh X-Request-Id each time), and no
// other work. What the binary does beyond this is its own per-request cost.
//   bun scripts/bench-bare.ts <folder written by scripts/bench.mjs> <port>
import { readFileSync } from "node:fs";
import { join } from "node:path";

type Captured = { path: string; headers: Record<string, string>; gzip: string; identity: string };

const [folder, port] = process.argv.slice(2);
if (!folder || !port) throw new Error("usage: bun scripts/bench-bare.ts <folder> <port>");
const captured: Captured[] = JSON.parse(readFileSync(join(folder, "pages.json"), "utf8"));
const pages = new Map(
  captured.map((page) => {
    const file = (name: string) => new Blob([readFileSync(join(folder, name))]);
    return [
      page.path,
      {
        gzip: file(page.gzip),
        identity: file(page.identity),
        gzipHeaders: new Headers({ ...page.headers, "content-encoding": "gzip" }),
        identityHeaders: new Headers(page.headers),
      },
    ];
  }),
);

Bun.serve({
  port: Number(port),
  hostname: "127.0.0.1",
  fetch(request) {
    const url = request.url;
    const start = url.indexOf("/", url.indexOf("//") + 2);
    const query = url.indexOf("?", start);
    const page = pages.get(query < 0 ? url.slice(start) : url.slice(start, query));
    if (!page) return new Response("Not found", { status: 404 });
    const gzip = request.headers.get("accept-encoding")?.includes("gzip");
    const headers = new Headers(gzip ? page.gzipHeaders : page.identityHeaders);
    headers.set("x-request-id", crypto.randomUUID());
    return new Response(gzip ? page.gzip : page.identity, { headers });
  },
});
