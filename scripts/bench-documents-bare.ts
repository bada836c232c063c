// The bare baseline of the documents bench (scripts/bench-documents.ts): Bun.serve alone, taking the same tus
// requests (create, then PATCHes at the offset) and appending each body to a plain file as it streams in, with
// no encryption, no database and no checks; each PATCH ends with an fsync, as the binary's do. GET on the
// upload's address serves the file back as it is.
//   bun scripts/bench-documents-bare.ts <folder> <port>
import { mkdirSync } from "node:fs";
import { open } from "node:fs/promises";
import { join } from "node:path";

const [folder, port] = process.argv.slice(2);
if (!folder || !port) throw new Error("usage: bun scripts/bench-documents-bare.ts <folder> <port>");
mkdirSync(folder, { recursive: true });
const sizes = new Map<string, number>();
let next = 0;

Bun.serve({
  port: Number(port),
  hostname: "127.0.0.1",
  maxRequestBodySize: 64 * 1024 * 1024,
  async fetch(request) {
    const { pathname } = new URL(request.url);
    if (pathname === "/healthz") return new Response("ok");
    if (request.method === "POST" && pathname === "/api/portal/uploads") {
      const id = String(++next);
      sizes.set(id, 0);
      await Bun.write(join(folder, id), "");
      return new Response(null, { status: 201, headers: { location: `/api/portal/uploads/${id}` } });
    }
    const id = pathname.split("/").at(-1) ?? "";
    if (!sizes.has(id)) return new Response("Not found", { status: 404 });
    const path = join(folder, id);
    if (request.method === "GET") return new Response(Bun.file(path));
    if (request.method !== "PATCH" || !request.body) return new Response(null, { status: 405 });
    const file = await open(path, "a");
    let size = sizes.get(id) ?? 0;
    try {
      for await (const chunk of request.body) {
        await file.write(chunk);
        size += chunk.length;
      }
      await file.sync();
    } finally {
      await file.close();
    }
    sizes.set(id, size);
    return new Response(null, { status: 204, headers: { "upload-offset": String(size) } });
  },
});
