import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { sentFields } from "../../contracts/admin-body";
import { InvalidError, NotFoundError, TooLargeError } from "../../contracts/errors";
import {
  type ConsultationPlace,
  FIRM_MESSAGES,
  type FirmAuthor,
  type FirmProfile,
  MAX_PHOTO_BYTES,
  type PersonInput,
  type StoredPerson,
  type StoredTestimonial,
  type TestimonialInput,
} from "../../contracts/firm";
import { UPLOADS_DIR } from "../../ops/backup";
import type { DataStore } from "../../store";
import { type Actor, auditBy } from "../audit";
import { changeEvent } from "../content";
import { detectPhoto, PHOTO_TYPES, type PhotoKind } from "./lib/photo-type";
import { SAMPLE_PEOPLE, SAMPLE_TESTIMONIALS } from "./lib/samples";
import { PHOTO_NAME, PHOTOS_PREFIX } from "./model";
import { peopleRepo, testimonialsRepo } from "./repo/firm";
import { firmSettingsRepo } from "./repo/settings";

export type FirmServiceDeps = {
  store: DataStore;
  dataDir: string;
  now: () => Date;
  /** Called after every change: the pages that show the firm are cached. */
  changed: () => void;
};

/** A stored file to send: where it is and what it is. */
export type StoredFile = { file: string; contentType: string };

/**
 * The firm's proof (ADR 115): people and testimonials the admin manages, their public profile for the pages,
 * and the people's photos. Every change is audited and clears the page cache.
 */
export function createFirmService({ store, dataDir, now, changed }: FirmServiceDeps) {
  const { db } = store;
  const people = peopleRepo(db);
  const testimonials = testimonialsRepo(db);
  const firmSettings = firmSettingsRepo(db);
  const uploads = join(dataDir, UPLOADS_DIR);
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

  const person = {
    list: () => people.list(),
    get: (id: number | null): StoredPerson => personOf(id),
    create(input: PersonInput, actor: Actor): StoredPerson {
      const created = people.create(input, now());
      auditPerson("person.create", actor, created);
      changed();
      return created;
    },
    update(id: number | null, change: Partial<PersonInput>, actor: Actor): StoredPerson {
      const current = personOf(id);
      const { id: _i, photo: _p, createdAt: _c, updatedAt: _u, ...fields } = current;
      const updated = people.update(current.id, { ...fields, ...sentFields(change) }, now());
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
    /** A new photo, typed by its bytes; the old file goes when nothing uses it. */
    async setPhoto(id: number | null, photo: File, actor: Actor): Promise<StoredPerson> {
      const current = personOf(id);
      if (photo.size > MAX_PHOTO_BYTES) throw new TooLargeError(FIRM_MESSAGES.photoTooLarge, "photo");
      const bytes = new Uint8Array(await photo.arrayBuffer());
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
    /** A published person's photo by its stored name, with its detected type; anything else is not found. */
    photo(name: string): StoredFile {
      // A name that is no photo's (Elysia gives null for one it cannot decode) is never looked up.
      if (!PHOTO_NAME.test(name) || !people.byPhoto(`${PHOTOS_PREFIX}${name}`).some((p) => p.published))
        throw new NotFoundError("Not found");
      const extension = name.split(".").pop();
      const kind = (Object.keys(PHOTO_TYPES) as PhotoKind[]).find(
        (k) => PHOTO_TYPES[k].extension === extension,
      );
      if (!kind) throw new NotFoundError("Not found");
      return { file: join(uploads, name), contentType: PHOTO_TYPES[kind].contentType };
    },
  };

  const testimonial = {
    list: () => testimonials.list(),
    get: (id: number | null): StoredTestimonial => testimonialOf(id),
    create(input: TestimonialInput, actor: Actor): StoredTestimonial {
      const created = testimonials.create(input, now());
      auditTestimonial("testimonial.create", actor, created);
      changed();
      return created;
    },
    update(id: number | null, change: Partial<TestimonialInput>, actor: Actor): StoredTestimonial {
      const current = testimonialOf(id);
      const { id: _i, createdAt: _c, updatedAt: _u, ...fields } = current;
      const updated = testimonials.update(current.id, { ...fields, ...sentFields(change) }, now());
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

  /** What the public pages show of the firm (PageData.firm). */
  const profile = (): Omit<FirmProfile, "caseStudies"> => ({
    people: people.published().map(({ id, name, role, credentials, bio, photo, sample }) => ({
      id,
      name,
      role,
      credentials,
      bio,
      photo,
      sample,
    })),
    testimonials: testimonials.published().map(({ id, quote, attribution, context, sample }) => ({
      id,
      quote,
      attribution,
      context,
      sample,
    })),
  });

  /** How consultations happen (a phone number or a video link): the portal and the invitations read it. */
  const settings = {
    consultationPlace: (): ConsultationPlace | null => firmSettings.consultationPlace(),
    setConsultationPlace(place: ConsultationPlace | null, actor: Actor): ConsultationPlace | null {
      firmSettings.setConsultationPlace(place, now().toISOString());
      auditBy(db, actor, "firm.consultation-place", { kind: place?.kind ?? null }, now());
      return place;
    },
  };

  /**
   * The people an article may name as its author: the published ones, in the admin's order (ADR 269). A demo's
   * samples are no one (ADR 301): no byline names them, and the setup list does not count them as the firm's.
   */
  const authors = (): FirmAuthor[] =>
    people
      .published()
      .filter((p) => !p.sample)
      .map(({ id, name, role, credentials }) => ({ id, name, role, credentials }));

  /**
   * Demo mode's people and testimonials, stored once and marked Sample (again only if every sample of that kind
   * was deleted), as the case studies are. Outside demo mode nothing is seeded. Called at the server's start.
   */
  const seedSamples = (demo: boolean) => {
    if (!demo) return;
    const at = now();
    let seeded = false;
    if (!people.hasSamples()) {
      people.seedSamples(SAMPLE_PEOPLE, at);
      seeded = true;
    }
    if (!testimonials.hasSamples()) {
      testimonials.seedSamples(SAMPLE_TESTIMONIALS, at);
      seeded = true;
    }
    if (seeded) changed();
  };

  return { person, testimonial, profile, settings, authors, seedSamples };
}

export type FirmService = ReturnType<typeof createFirmService>;
