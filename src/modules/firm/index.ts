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
import type { Database } from "../../db";
import { type Actor, auditBy } from "../../http/admin-http";
import { UPLOADS_DIR } from "../../ops/backup";
import type { Auth } from "../auth";
import { actorOf, changeEvent, idOf, type Outcome, patchOf, send } from "../content";
import { detectPhoto, PHOTO_TYPES, type PhotoKind } from "./photo-type";
import { peopleRepo, testimonialsRepo } from "./repo/firm";

/** Where people's photos are served from; the files live in DATA_DIR/uploads beside the resources' files. */
export const PHOTOS_PREFIX = "/uploads/photos/";
const PHOTO_NAME = /^[0-9a-f-]{36}\.(jpg|png|webp)$/;

export type FirmDeps = {
  db: Database;
  dataDir: string;
  requireAdmin: Auth["requireAdmin"];
  trustProxy: boolean;
  now?: () => Date;
  /** Called after every change: the pages that show the firm are cached. */
  changed: () => void;
};

/**
 * The firm's proof (ADR 115): people and testimonials the admin manages, their public profile for the pages,
 * and the people's photos. Guard, parse, act, like the content controllers; every change is audited.
 */
export function createFirm({
  db,
  dataDir,
  requireAdmin,
  trustProxy,
  now = () => new Date(),
  changed,
}: FirmDeps) {
  const people = peopleRepo(db);
  const testimonials = testimonialsRepo(db);
  const uploads = join(dataDir, UPLOADS_DIR);
  const who = actorOf(trustProxy);
  const invalid = (errors: Partial<Record<string, string[]>>): Outcome => ({ status: 422, body: { errors } });
  const personMissing: Outcome = { status: 404, body: { error: FIRM_MESSAGES.personNotFound } };
  const testimonialMissing: Outcome = { status: 404, body: { error: FIRM_MESSAGES.testimonialNotFound } };

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
    create(body: unknown, actor: Actor): Outcome {
      const result = validatePerson(body);
      if (!result.success) return invalid(result.errors);
      const created = people.create(result.output, now());
      auditPerson("person.create", actor, created);
      changed();
      return { status: 201, body: created };
    },
    update(id: number, body: unknown, actor: Actor): Outcome {
      const current = people.get(id);
      if (!current) return personMissing;
      const { id: _i, photo: _p, createdAt: _c, updatedAt: _u, ...fields } = current;
      const result = validatePerson({ ...fields, ...patchOf(body) });
      if (!result.success) return invalid(result.errors);
      const updated = people.update(id, result.output, now());
      if (!updated) return personMissing;
      auditPerson(changeEvent("person", current, updated), actor, updated);
      changed();
      return { status: 200, body: updated };
    },
    remove(id: number, actor: Actor): Outcome {
      const current = people.get(id);
      if (!current || !people.remove(id)) return personMissing;
      dropPhoto(current.photo);
      auditPerson("person.delete", actor, current);
      changed();
      return { status: 200, body: { ok: true } };
    },
    /** A new photo (multipart field `photo`), typed by its bytes; the old file goes when nothing uses it. */
    async setPhoto(id: number, body: unknown, actor: Actor): Promise<Outcome> {
      const current = people.get(id);
      if (!current) return personMissing;
      const file = patchOf(body).photo;
      if (!(file instanceof File) || file.size === 0)
        return invalid({ photo: [FIRM_MESSAGES.photoRequired] });
      if (file.size > MAX_PHOTO_BYTES)
        return {
          status: 413,
          body: { error: FIRM_MESSAGES.photoTooLarge, errors: { photo: [FIRM_MESSAGES.photoTooLarge] } },
        };
      const bytes = new Uint8Array(await file.arrayBuffer());
      const kind = detectPhoto(bytes);
      if (!kind) return invalid({ photo: [FIRM_MESSAGES.photoType] });
      const name = `${crypto.randomUUID()}.${PHOTO_TYPES[kind].extension}`;
      mkdirSync(uploads, { recursive: true });
      await Bun.write(join(uploads, name), bytes);
      const updated = people.setPhoto(id, `${PHOTOS_PREFIX}${name}`, now());
      if (!updated) return personMissing;
      dropPhoto(current.photo);
      auditPerson("person.photo", actor, updated);
      changed();
      return { status: 200, body: updated };
    },
    removePhoto(id: number, actor: Actor): Outcome {
      const current = people.get(id);
      if (!current) return personMissing;
      const updated = people.setPhoto(id, null, now());
      if (!updated) return personMissing;
      dropPhoto(current.photo);
      auditPerson("person.photo", actor, updated);
      changed();
      return { status: 200, body: updated };
    },
  };

  const testimonialApi = {
    create(body: unknown, actor: Actor): Outcome {
      const result = validateTestimonial(body);
      if (!result.success) return invalid(result.errors);
      const created = testimonials.create(result.output, now());
      auditTestimonial("testimonial.create", actor, created);
      changed();
      return { status: 201, body: created };
    },
    update(id: number, body: unknown, actor: Actor): Outcome {
      const current = testimonials.get(id);
      if (!current) return testimonialMissing;
      const { id: _i, createdAt: _c, updatedAt: _u, ...fields } = current;
      const result = validateTestimonial({ ...fields, ...patchOf(body) });
      if (!result.success) return invalid(result.errors);
      const updated = testimonials.update(id, result.output, now());
      if (!updated) return testimonialMissing;
      auditTestimonial(changeEvent("testimonial", current, updated), actor, updated);
      changed();
      return { status: 200, body: updated };
    },
    remove(id: number, actor: Actor): Outcome {
      const current = testimonials.get(id);
      if (!current || !testimonials.remove(id)) return testimonialMissing;
      auditTestimonial("testimonial.delete", actor, current);
      changed();
      return { status: 200, body: { ok: true } };
    },
  };

  /** A published person's photo, shown in place (an image, never a page) with its detected type. */
  const photo = (name: string): Response => {
    const notFound = Response.json({ error: "Not found" }, { status: 404 });
    if (!PHOTO_NAME.test(name) || !people.byPhoto(`${PHOTOS_PREFIX}${name}`).some((p) => p.published))
      return notFound;
    const extension = name.split(".").pop();
    const kind = (Object.keys(PHOTO_TYPES) as PhotoKind[]).find(
      (k) => PHOTO_TYPES[k].extension === extension,
    );
    if (!kind) return notFound;
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
    .post("/api/admin/people", (ctx) => send(ctx.set, personApi.create(ctx.body, who(ctx))))
    .get("/api/admin/people/:id", ({ params, set }) => {
      const p = people.get(idOf(params.id));
      return send(set, p ? { status: 200, body: p } : personMissing);
    })
    .patch("/api/admin/people/:id", (ctx) =>
      send(ctx.set, personApi.update(idOf(ctx.params.id), ctx.body, who(ctx))),
    )
    .delete("/api/admin/people/:id", (ctx) => send(ctx.set, personApi.remove(idOf(ctx.params.id), who(ctx))))
    .put("/api/admin/people/:id/photo", async (ctx) => {
      if (tooLarge(ctx.request))
        return send(ctx.set, { status: 413, body: { error: FIRM_MESSAGES.photoTooLarge } });
      return send(ctx.set, await personApi.setPhoto(idOf(ctx.params.id), ctx.body, who(ctx)));
    })
    .delete("/api/admin/people/:id/photo", (ctx) =>
      send(ctx.set, personApi.removePhoto(idOf(ctx.params.id), who(ctx))),
    )
    .get("/api/admin/testimonials", () => testimonials.list())
    .post("/api/admin/testimonials", (ctx) => send(ctx.set, testimonialApi.create(ctx.body, who(ctx))))
    .get("/api/admin/testimonials/:id", ({ params, set }) => {
      const t = testimonials.get(idOf(params.id));
      return send(set, t ? { status: 200, body: t } : testimonialMissing);
    })
    .patch("/api/admin/testimonials/:id", (ctx) =>
      send(ctx.set, testimonialApi.update(idOf(ctx.params.id), ctx.body, who(ctx))),
    )
    .delete("/api/admin/testimonials/:id", (ctx) =>
      send(ctx.set, testimonialApi.remove(idOf(ctx.params.id), who(ctx))),
    );

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
