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
import { type Actor, auditBy, parseId } from "../../http/admin-http";
import { type FieldMessages, InvalidError, NotFoundError, TooLargeError } from "../../http/errors";
import { UPLOADS_DIR } from "../../ops/backup";
import type { Auth } from "../auth";
import { actorOf, changeEvent, patchOf } from "./admin-http";
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

type ResourceFile = { path: string; format: string; size: string };

export function resourceService({ db, repo, dataDir, now, changed }: ResourceServiceDeps) {
  const uploads = join(dataDir, UPLOADS_DIR);
  /** The resource a path id names (null names none). */
  const found = (id: number | null): StoredResource => {
    const r = id === null ? undefined : repo.get(id);
    if (!r) throw new NotFoundError(RESOURCE_MESSAGES.notFound);
    return r;
  };

  /** Checks and stores an uploaded file; the answer names its path, format and size. */
  const storeUpload = async (file: File): Promise<ResourceFile> => {
    if (file.size > MAX_UPLOAD_BYTES) throw new TooLargeError(RESOURCE_MESSAGES.fileTooLarge, "file");
    const bytes = new Uint8Array(await file.arrayBuffer());
    const kind: UploadKind | null = detectUpload(bytes);
    if (!kind) throw new InvalidError({ file: [RESOURCE_MESSAGES.fileType] });
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
  const fileFor = async (input: Record<string, unknown>, current?: StoredResource): Promise<ResourceFile> => {
    const file = input.file;
    if (file instanceof File && file.size > 0) return storeUpload(file);
    if (input.path !== undefined && input.path !== current?.path) {
      const builtIn = builtInFile(input.path);
      if (!builtIn) throw new InvalidError({ path: [RESOURCE_MESSAGES.path] });
      return builtIn;
    }
    if (current) return { path: current.path, format: current.format, size: current.size };
    throw new InvalidError({ file: [RESOURCE_MESSAGES.fileRequired] });
  };

  /** The fields of a create or change, checked; a ticked box may arrive as multipart text. */
  const fieldsOf = (input: Record<string, unknown>) => {
    const fields = validateResource({ ...input, published: formBoolean(input.published) });
    if (!fields.success) throw new InvalidError(fields.errors as FieldMessages);
    return fields.output;
  };

  return {
    list: () => repo.list(),
    get: (id: number | null): StoredResource => found(id),
    async create(body: unknown, who: Actor): Promise<StoredResource> {
      const input = patchOf(body);
      const fields = fieldsOf(input);
      const file = await fileFor(input);
      const created = repo.create({ ...fields, ...file }, now());
      audit("resource.create", who, created);
      changed();
      return created;
    },
    async update(id: number | null, body: unknown, who: Actor): Promise<StoredResource> {
      const current = found(id);
      const input = patchOf(body);
      const fields = fieldsOf({
        title: current.title,
        description: current.description,
        category: current.category,
        published: current.published,
        ...input,
      });
      const file = await fileFor(input, current);
      const write: ResourceWrite = { ...fields, ...file };
      const updated = repo.update(current.id, write, now());
      if (!updated) throw new NotFoundError(RESOURCE_MESSAGES.notFound);
      if (current.path !== updated.path) dropUnused(current.path);
      const event = changeEvent("resource", current, updated);
      audit(event, who, updated);
      changed();
      return updated;
    },
    remove(id: number | null, who: Actor): { ok: true } {
      const current = found(id);
      if (!repo.remove(current.id)) throw new NotFoundError(RESOURCE_MESSAGES.notFound);
      dropUnused(current.path);
      audit("resource.delete", who, current);
      changed();
      return { ok: true };
    },
    /** An uploaded file of a published resource, with its type and a download name from the title. */
    download(name: string): Response {
      // A name that is no upload's (Elysia gives null for one it cannot decode) is never looked up.
      const resource = UPLOAD_NAME.test(name)
        ? repo.byPath(`${UPLOADS_PREFIX}${name}`).find((r) => r.published)
        : undefined;
      if (!resource) throw new NotFoundError("Not found");
      const extension = name.split(".").pop();
      const kind = (Object.keys(UPLOAD_TYPES) as UploadKind[]).find(
        (k) => UPLOAD_TYPES[k].extension === extension,
      );
      if (!kind) throw new NotFoundError("Not found");
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
    .onBeforeHandle(({ request }) => {
      if (tooLarge(request)) throw new TooLargeError(RESOURCE_MESSAGES.fileTooLarge);
    })
    .get("/", () => service.list())
    .post("/", async (ctx) => {
      const created = await service.create(ctx.body, who(ctx));
      ctx.set.status = 201;
      return created;
    })
    .get("/:id", ({ params }) => service.get(parseId(params.id)))
    .patch("/:id", (ctx) => service.update(parseId(ctx.params.id), ctx.body, who(ctx)))
    .delete("/:id", (ctx) => service.remove(parseId(ctx.params.id), who(ctx)));
  return new Elysia({ name: "resources" })
    .use(admin)
    .get(`${UPLOADS_PREFIX}:name`, ({ params }) => service.download(params.name));
}
