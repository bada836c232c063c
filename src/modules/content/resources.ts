import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { Elysia } from "elysia";
import { slugify } from "../../contracts/articles";
import { formatFileSize } from "../../contracts/file-size";
import {
  MAX_UPLOAD_BYTES,
  RESOURCE_MESSAGES,
  type StoredResource,
  validateResource,
} from "../../contracts/resources";
import type { Database } from "../../db";
import { DOCUMENT_BYTES } from "../../generated/documents";
import { type Actor, auditBy } from "../../http/admin-http";
import { UPLOADS_DIR } from "../../ops/backup";
import type { Auth } from "../auth";
import { actorOf, changeEvent, idOf, type Outcome, patchOf, send } from "./admin-http";
import { detectUpload, UPLOAD_TYPES, type UploadKind } from "./file-type";
import type { ResourcesRepo, ResourceWrite } from "./repo/resources";

/** Where uploads are served from; the files live in DATA_DIR/uploads under random names. */
export const UPLOADS_PREFIX = "/uploads/";
const UPLOAD_NAME = /^[0-9a-f-]{36}\.(pdf|docx|xlsx|csv)$/;

const BUILT_IN_FORMATS: Record<string, string> = { pdf: "PDF", docx: "Word" };

/** A built-in document (under /docs) as a resource's file: its real format and size. */
function builtInFile(path: unknown): { path: string; format: string; size: string } | undefined {
  if (typeof path !== "string") return undefined;
  const bytes = DOCUMENT_BYTES[path];
  const format = BUILT_IN_FORMATS[path.split(".").pop() ?? ""];
  return bytes !== undefined && format ? { path, format, size: formatFileSize(bytes) } : undefined;
}

/** Multipart values arrive as text: "true", "on" and "1" tick a box. */
const formBoolean = (value: unknown) =>
  typeof value === "string" ? ["true", "on", "1"].includes(value.toLowerCase()) : value;

export type ResourceServiceDeps = {
  db: Database;
  repo: ResourcesRepo;
  dataDir: string;
  now: () => Date;
  changed: () => void;
};

export function resourceService({ db, repo, dataDir, now, changed }: ResourceServiceDeps) {
  const uploads = join(dataDir, UPLOADS_DIR);
  const notFound: Outcome = { status: 404, body: { error: RESOURCE_MESSAGES.notFound } };
  const invalid = (errors: Record<string, string[]>): Outcome => ({ status: 422, body: { errors } });

  /** Checks and stores an uploaded file; the answer names its path, format and size, or why it was refused. */
  const storeUpload = async (
    file: File,
  ): Promise<{ path: string; format: string; size: string } | { outcome: Outcome }> => {
    if (file.size > MAX_UPLOAD_BYTES) {
      return {
        outcome: {
          status: 413,
          body: { error: RESOURCE_MESSAGES.fileTooLarge, errors: { file: [RESOURCE_MESSAGES.fileTooLarge] } },
        },
      };
    }
    const bytes = new Uint8Array(await file.arrayBuffer());
    const kind: UploadKind | null = detectUpload(bytes);
    if (!kind) return { outcome: invalid({ file: [RESOURCE_MESSAGES.fileType] }) };
    const type = UPLOAD_TYPES[kind];
    const name = `${crypto.randomUUID()}.${type.extension}`;
    mkdirSync(uploads, { recursive: true });
    await Bun.write(join(uploads, name), bytes);
    return { path: `${UPLOADS_PREFIX}${name}`, format: type.format, size: formatFileSize(bytes.length) };
  };

  /** Removes an uploaded file no row points at any more (built-in documents are never touched). */
  const dropUnused = (path: string) => {
    if (!path.startsWith(UPLOADS_PREFIX) || repo.byPath(path).length > 0) return;
    const name = path.slice(UPLOADS_PREFIX.length);
    if (UPLOAD_NAME.test(name)) rmSync(join(uploads, name), { force: true });
  };

  const audit = (event: string, who: Actor, r: StoredResource) =>
    auditBy(db, who, event, { resourceId: r.id, format: r.format, published: r.published }, now());

  /** The file of a create or change: an upload, a built-in document, or (on change) the current one. */
  const fileFor = async (
    input: Record<string, unknown>,
    current?: StoredResource,
  ): Promise<{ path: string; format: string; size: string } | { outcome: Outcome }> => {
    const file = input.file;
    if (file instanceof File && file.size > 0) return storeUpload(file);
    if (input.path !== undefined && input.path !== current?.path) {
      return builtInFile(input.path) ?? { outcome: invalid({ path: [RESOURCE_MESSAGES.path] }) };
    }
    if (current) return { path: current.path, format: current.format, size: current.size };
    return { outcome: invalid({ file: [RESOURCE_MESSAGES.fileRequired] }) };
  };

  return {
    list: () => repo.list(),
    get(id: number): Outcome {
      const r = repo.get(id);
      return r ? { status: 200, body: r } : notFound;
    },
    async create(body: unknown, who: Actor): Promise<Outcome> {
      const input = patchOf(body);
      const fields = validateResource({ ...input, published: formBoolean(input.published) });
      if (!fields.success) return invalid(fields.errors as Record<string, string[]>);
      const file = await fileFor(input);
      if ("outcome" in file) return file.outcome;
      const created = repo.create({ ...fields.output, ...file }, now());
      audit("resource.create", who, created);
      changed();
      return { status: 201, body: created };
    },
    async update(id: number, body: unknown, who: Actor): Promise<Outcome> {
      const current = repo.get(id);
      if (!current) return notFound;
      const input = patchOf(body);
      const merged = {
        title: current.title,
        description: current.description,
        category: current.category,
        published: current.published,
        ...input,
      };
      const fields = validateResource({ ...merged, published: formBoolean(merged.published) });
      if (!fields.success) return invalid(fields.errors as Record<string, string[]>);
      const file = await fileFor(input, current);
      if ("outcome" in file) return file.outcome;
      const write: ResourceWrite = { ...fields.output, ...file };
      const updated = repo.update(id, write, now());
      if (!updated) return notFound;
      if (current.path !== updated.path) dropUnused(current.path);
      const event = changeEvent("resource", current, updated);
      audit(event, who, updated);
      changed();
      return { status: 200, body: updated };
    },
    remove(id: number, who: Actor): Outcome {
      const current = repo.get(id);
      if (!current || !repo.remove(id)) return notFound;
      dropUnused(current.path);
      audit("resource.delete", who, current);
      changed();
      return { status: 200, body: { ok: true } };
    },
    /** An uploaded file of a published resource, with its type and a download name from the title. */
    download(name: string): Response {
      if (!UPLOAD_NAME.test(name)) return Response.json({ error: "Not found" }, { status: 404 });
      const resource = repo.byPath(`${UPLOADS_PREFIX}${name}`).find((r) => r.published);
      if (!resource) return Response.json({ error: "Not found" }, { status: 404 });
      const extension = name.split(".").pop() as string;
      const kind = (Object.keys(UPLOAD_TYPES) as UploadKind[]).find(
        (k) => UPLOAD_TYPES[k].extension === extension,
      );
      if (!kind) return Response.json({ error: "Not found" }, { status: 404 });
      const filename = `${slugify(resource.title) || "download"}.${extension}`;
      return new Response(Bun.file(join(uploads, name)), {
        headers: {
          "content-type": UPLOAD_TYPES[kind].contentType,
          "content-disposition": `attachment; filename="${filename}"`,
          "cache-control": "no-cache",
          "x-content-type-options": "nosniff",
        },
      });
    },
  };
}

/** A request whose declared body is past the upload limit (plus room for the form's other fields). */
const tooLarge = (request: Request) =>
  Number(request.headers.get("content-length") ?? 0) > MAX_UPLOAD_BYTES + 64 * 1024;

/** /api/admin/resources (JSON, or multipart with a `file` for uploads) and the public /uploads/* files. */
export function resourcesController(
  service: ReturnType<typeof resourceService>,
  requireAdmin: Auth["requireAdmin"],
  trustProxy: boolean,
) {
  const who = actorOf(trustProxy);
  const admin = new Elysia({ name: "admin-resources", prefix: "/api/admin/resources" })
    .use(requireAdmin)
    .onBeforeHandle(({ request, set }) => {
      if (tooLarge(request)) {
        set.status = 413;
        return { error: RESOURCE_MESSAGES.fileTooLarge };
      }
    })
    .get("/", () => service.list())
    .post("/", async (ctx) => send(ctx.set, await service.create(ctx.body, who(ctx))))
    .get("/:id", ({ params, set }) => send(set, service.get(idOf(params.id))))
    .patch("/:id", async (ctx) =>
      send(ctx.set, await service.update(idOf(ctx.params.id), ctx.body, who(ctx))),
    )
    .delete("/:id", (ctx) => send(ctx.set, service.remove(idOf(ctx.params.id), who(ctx))));
  return new Elysia({ name: "resources" })
    .use(admin)
    .get(`${UPLOADS_PREFIX}:name`, ({ params }) => service.download(params.name));
}
