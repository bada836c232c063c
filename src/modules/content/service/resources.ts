import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { sentFields } from "../../../contracts/admin-body";
import { slugify } from "../../../contracts/articles";
import { InvalidError, NotFoundError, TooLargeError } from "../../../contracts/errors";
import { formatFileSize } from "../../../contracts/file-size";
import { MAX_UPLOAD_BYTES, RESOURCE_MESSAGES, type StoredResource } from "../../../contracts/resources";
import type { Database } from "../../../db";
import { DOCUMENT_BYTES } from "../../../generated/documents";
import { UPLOADS_DIR } from "../../../ops/backup";
import { type Actor, auditBy } from "../../audit";
import { detectUpload, UPLOAD_TYPES, type UploadKind } from "../lib/file-type";
import { changeEvent } from "../model/changes";
import { type ResourceFieldsInput, UPLOAD_NAME, UPLOADS_PREFIX } from "../model/resources";
import type { ResourcesRepo, ResourceWrite } from "../repo/resources";

const BUILT_IN_FORMATS: Record<string, string> = { pdf: "PDF", docx: "Word" };

/** A built-in document (under /docs) as a resource's file: its real format and size. */
function builtInFile(path: string): { path: string; format: string; size: string } | undefined {
  const bytes = DOCUMENT_BYTES[path];
  const format = BUILT_IN_FORMATS[path.split(".").pop() ?? ""];
  return bytes !== undefined && format ? { path, format, size: formatFileSize(bytes) } : undefined;
}

export type ResourceServiceDeps = {
  db: Database;
  repo: ResourcesRepo;
  dataDir: string;
  now: () => Date;
  changed: () => void;
};

type ResourceFile = { path: string; format: string; size: string };

/** An uploaded file to send: where it is, its type, and the name it is saved under. */
export type UploadedFile = { file: string; contentType: string; filename: string };

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
  const fileFor = async (
    input: Pick<ResourceFieldsInput, "file" | "path">,
    current?: StoredResource,
  ): Promise<ResourceFile> => {
    if (input.file) return storeUpload(input.file);
    if (input.path !== undefined && input.path !== current?.path) {
      const builtIn = builtInFile(input.path);
      if (!builtIn) throw new InvalidError({ path: [RESOURCE_MESSAGES.path] });
      return builtIn;
    }
    if (current) return { path: current.path, format: current.format, size: current.size };
    throw new InvalidError({ file: [RESOURCE_MESSAGES.fileRequired] });
  };

  return {
    list: () => repo.list(),
    get: (id: number | null): StoredResource => found(id),
    async create(input: ResourceFieldsInput, who: Actor): Promise<StoredResource> {
      const { file: _upload, path: _path, ...fields } = input;
      const file = await fileFor(input);
      const created = repo.create({ ...fields, ...file }, now());
      audit("resource.create", who, created);
      changed();
      return created;
    },
    async update(
      id: number | null,
      change: Partial<ResourceFieldsInput>,
      who: Actor,
    ): Promise<StoredResource> {
      const current = found(id);
      const { file: _upload, path: _path, ...sent } = sentFields(change);
      const { title, description, category, published } = current;
      const fields = { title, description, category, published, ...sent };
      const file = await fileFor(change, current);
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
    download(name: string): UploadedFile {
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
      return { file: join(uploads, name), contentType: UPLOAD_TYPES[kind].contentType, filename };
    },
  };
}

export type ResourceService = ReturnType<typeof resourceService>;
