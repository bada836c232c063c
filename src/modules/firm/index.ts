import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { Elysia } from "elysia";
import {
  FIRM_MESSAGES,
  type FirmProfile,
  MAX_PHOTO_BYTES,
  type StoredPerson,
  type StoredTestimonial,
  validatePerson,
  validateTestimonial,
} from "../../contracts/firm";
import { type Actor, auditBy, parseId } from "../../http/admin-http";
import { type FieldMessages, InvalidError, NotFoundError, TooLargeError } from "../../http/errors";
import { UPLOADS_DIR } from "../../ops/backup";
import type { DataStore } from "../../store";
import type { Auth } from "../auth";
import { actorOf, changeEvent, patchOf } from "../content";
import { detectPhoto, PHOTO_TYPES, type PhotoKind } from "./photo-type";
import { peopleRepo, testimonialsRepo } from "./repo/firm";

/** Where people's photos are served from; the files live in DATA_DIR/uploads beside the resources' files. */
export const PHOTOS_PREFIX = "/uploads/photos/";
const PHOTO_NAME = /^[0-9a-f-]{36}\.(jpg|png|webp)$/;

export type FirmDeps = {
  store: DataStore;
  dataDir: string;
  requireAdmin: Auth["requireAdmin"];
  trustProxy: boolean;
  now: () => Date;
  /** Called after every change: the pages that show the firm are cached. */
  changed: () => void;
};

/**
 * The firm's proof (ADR 115): people and testimonials the admin manages, their public profile for the pages,
 * and the people's photos. Guard, parse, act, like the content controllers; every change is audited.
 */
export function createFirm({ store, dataDir, requireAdmin, trustProxy, now, changed }: FirmDeps) {
  const { db } = store;
  const people = peopleRepo(db);
  const testimonials = testimonialsRepo(db);
  const uploads = join(dataDir, UPLOADS_DIR);
  const who = actorOf(trustProxy);
  /** The person or testimonial a path id names (null names none). */
  const personOf = (id: number | null): StoredPerson => {
    const p = id === null ? undefined : people.get(id);
    if (!p) throw new NotFoundError(FIRM_MESSAGES.personNotFound);
    return p;
  };
  const testimonialOf = (id: number | null): StoredTestimonial => {
    const t = id === null ? undefined : testimonials.get(id);
    if (!t) throw new NotFoundError(FIRM_MESSAGES.testimonialNotFound);
    return t;
  };

  const auditPerson = (event: string, actor: Actor, p: StoredPerson) =>
    auditBy(db, actor, event, { personId: p.id, published: p.published }, now());
  const auditTestimonial = (event: string, actor: Actor, t: StoredTestimonial) =>
    auditBy(db, actor, event, { testimonialId: t.id, published: t.published }, now());

  const dropPhoto = (path: string | null) => {
    if (!path?.startsWith(PHOTOS_PREFIX) || people.byPhoto(path).length > 0) return;
    const name = path.slice(PHOTOS_PREFIX.length);
    if (PHOTO_NAME.test(name)) rmSync(join(uploads, name), { force: true });
  };

  const personApi = {
    get: (id: number | null): StoredPerson => personOf(id),
    create(body: unknown, actor: Actor): StoredPerson {
      const result = validatePerson(body);
      if (!result.success) throw new InvalidError(result.errors as FieldMessages);
      const created = people.create(result.output, now());
      auditPerson("person.create", actor, created);
      changed();
      return created;
    },
    update(id: number | null, body: unknown, actor: Actor): StoredPerson {
      const current = personOf(id);
      const { id: _i, photo: _p, createdAt: _c, updatedAt: _u, ...fields } = current;
      const result = validatePerson({ ...fields, ...patchOf(body) });
      if (!result.success) throw new InvalidError(result.errors as FieldMessages);
      const updated = people.update(current.id, result.output, now());
      if (!updated) throw new NotFoundError(FIRM_MESSAGES.personNotFound);
      auditPerson(changeEvent("person", current, updated), actor, updated);
      changed();
      return updated;
    },
    remove(id: number | null, actor: Actor): { ok: true } {
      const current = personOf(id);
      if (!people.remove(current.id)) throw new NotFoundError(FIRM_MESSAGES.personNotFound);
      dropPhoto(current.photo);
      auditPerson("person.delete", actor, current);
      changed();
      return { ok: true };
    },
    /** A new photo (multipart field `photo`), typed by its bytes; the old file goes when nothing uses it. */
    async setPhoto(id: number | null, body: unknown, actor: Actor): Promise<StoredPerson> {
      const current = personOf(id);
      const file = patchOf(body).photo;
      if (!(file instanceof File) || file.size === 0)
        throw new InvalidError({ photo: [FIRM_MESSAGES.photoRequired] });
      if (file.size > MAX_PHOTO_BYTES) throw new TooLargeError(FIRM_MESSAGES.photoTooLarge, "photo");
      const bytes = new Uint8Array(await file.arrayBuffer());
      const kind = detectPhoto(bytes);
      if (!kind) throw new InvalidError({ photo: [FIRM_MESSAGES.photoType] });
      const name = `${crypto.randomUUID()}.${PHOTO_TYPES[kind].extension}`;
      mkdirSync(uploads, { recursive: true });
      await Bun.write(join(uploads, name), bytes);
      const updated = people.setPhoto(current.id, `${PHOTOS_PREFIX}${name}`, now());
      if (!updated) throw new NotFoundError(FIRM_MESSAGES.personNotFound);
      dropPhoto(current.photo);
      auditPerson("person.photo", actor, updated);
      changed();
      return updated;
    },
    removePhoto(id: number | null, actor: Actor): StoredPerson {
      const current = personOf(id);
      const updated = people.setPhoto(current.id, null, now());
      if (!updated) throw new NotFoundError(FIRM_MESSAGES.personNotFound);
      dropPhoto(current.photo);
      auditPerson("person.photo", actor, updated);
      changed();
      return updated;
    },
  };

  const testimonialApi = {
    get: (id: number | null): StoredTestimonial => testimonialOf(id),
    create(body: unknown, actor: Actor): StoredTestimonial {
      const result = validateTestimonial(body);
      if (!result.success) throw new InvalidError(result.errors as FieldMessages);
      const created = testimonials.create(result.output, now());
      auditTestimonial("testimonial.create", actor, created);
      changed();
      return created;
    },
    update(id: number | null, body: unknown, actor: Actor): StoredTestimonial {
      const current = testimonialOf(id);
      const { id: _i, createdAt: _c, updatedAt: _u, ...fields } = current;
      const result = validateTestimonial({ ...fields, ...patchOf(body) });
      if (!result.success) throw new InvalidError(result.errors as FieldMessages);
      const updated = testimonials.update(current.id, result.output, now());
      if (!updated) throw new NotFoundError(FIRM_MESSAGES.testimonialNotFound);
      auditTestimonial(changeEvent("testimonial", current, updated), actor, updated);
      changed();
      return updated;
    },
    remove(id: number | null, actor: Actor): { ok: true } {
      const current = testimonialOf(id);
      if (!testimonials.remove(current.id)) throw new NotFoundError(FIRM_MESSAGES.testimonialNotFound);
      auditTestimonial("testimonial.delete", actor, current);
      changed();
      return { ok: true };
    },
  };

  /** A published person's photo, shown in place (an image, never a page) with its detected type. */
  const photo = (name: string): Response => {
    // A name that is no photo's (Elysia gives null for one it cannot decode) is never looked up.
    if (!PHOTO_NAME.test(name) || !people.byPhoto(`${PHOTOS_PREFIX}${name}`).some((p) => p.published))
      throw new NotFoundError("Not found");
    const extension = name.split(".").pop();
    const kind = (Object.keys(PHOTO_TYPES) as PhotoKind[]).find(
      (k) => PHOTO_TYPES[k].extension === extension,
    );
    if (!kind) throw new NotFoundError("Not found");
    return new Response(Bun.file(join(uploads, name)), {
      headers: {
        "content-type": PHOTO_TYPES[kind].contentType,
        // The name is new with every upload: the bytes behind it never change.
        "cache-control": "public, max-age=31536000, immutable",
        "content-disposition": "inline",
        "x-content-type-options": "nosniff",
      },
    });
  };

  const tooLarge = (request: Request) =>
    Number(request.headers.get("content-length") ?? 0) > MAX_PHOTO_BYTES + 64 * 1024;

  const admin = new Elysia({ name: "admin-firm" })
    .use(requireAdmin)
    .get("/api/admin/people", () => people.list())
    .post("/api/admin/people", (ctx) => {
      const created = personApi.create(ctx.body, who(ctx));
      ctx.set.status = 201;
      return created;
    })
    .get("/api/admin/people/:id", ({ params }) => personApi.get(parseId(params.id)))
    .patch("/api/admin/people/:id", (ctx) => personApi.update(parseId(ctx.params.id), ctx.body, who(ctx)))
    .delete("/api/admin/people/:id", (ctx) => personApi.remove(parseId(ctx.params.id), who(ctx)))
    .put("/api/admin/people/:id/photo", (ctx) => {
      if (tooLarge(ctx.request)) throw new TooLargeError(FIRM_MESSAGES.photoTooLarge);
      return personApi.setPhoto(parseId(ctx.params.id), ctx.body, who(ctx));
    })
    .delete("/api/admin/people/:id/photo", (ctx) => personApi.removePhoto(parseId(ctx.params.id), who(ctx)))
    .get("/api/admin/testimonials", () => testimonials.list())
    .post("/api/admin/testimonials", (ctx) => {
      const created = testimonialApi.create(ctx.body, who(ctx));
      ctx.set.status = 201;
      return created;
    })
    .get("/api/admin/testimonials/:id", ({ params }) => testimonialApi.get(parseId(params.id)))
    .patch("/api/admin/testimonials/:id", (ctx) =>
      testimonialApi.update(parseId(ctx.params.id), ctx.body, who(ctx)),
    )
    .delete("/api/admin/testimonials/:id", (ctx) => testimonialApi.remove(parseId(ctx.params.id), who(ctx)));

  return {
    module: new Elysia({ name: "firm" })
      .use(admin)
      .get(`${PHOTOS_PREFIX}:name`, ({ params }) => photo(params.name)),
    /** What the public pages show of the firm (PageData.firm). */
    profile: (): Omit<FirmProfile, "caseStudies"> => ({
      people: people.published().map(({ id, name, role, credentials, bio, photo }) => ({
        id,
        name,
        role,
        credentials,
        bio,
        photo,
      })),
      testimonials: testimonials.published().map(({ id, quote, attribution, context }) => ({
        id,
        quote,
        attribution,
        context,
      })),
    }),
  };
}
