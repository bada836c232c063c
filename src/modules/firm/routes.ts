import { Elysia } from "elysia";
import { FIRM_MESSAGES, MAX_PHOTO_BYTES } from "../../contracts/firm";
import { actorFrom, parseId } from "../../http/admin-http";
import { TooLargeError } from "../../http/errors";
import type { Auth } from "../auth";
import {
  ConsultationPlaceBody,
  PersonBody,
  PersonChange,
  PHOTOS_PREFIX,
  PhotoBody,
  TestimonialBody,
  TestimonialChange,
} from "./model";
import type { FirmService } from "./service";

/** A declared body past the photo limit (and room for the form around it) is refused before it is read. */
const tooLarge = (request: Request) =>
  Number(request.headers.get("content-length") ?? 0) > MAX_PHOTO_BYTES + 64 * 1024;

/** /api/admin/people and /api/admin/testimonials, and the public /uploads/photos/:name. */
export function firmRoutes(service: FirmService, requireAdmin: Auth["requireAdmin"], trustProxy: boolean) {
  const actor = actorFrom(trustProxy);
  const { person, testimonial } = service;
  const admin = new Elysia({ name: "admin-firm" })
    .use(requireAdmin)
    .get("/api/admin/people", () => person.list())
    .post(
      "/api/admin/people",
      ({ admin, body, request, server, set }) => {
        set.status = 201;
        return person.create(body, actor(admin, request, server));
      },
      { body: PersonBody },
    )
    .get("/api/admin/people/:id", ({ params }) => person.get(parseId(params.id)))
    .patch(
      "/api/admin/people/:id",
      ({ admin, body, params, request, server }) =>
        person.update(parseId(params.id), body, actor(admin, request, server)),
      { body: PersonChange },
    )
    .delete("/api/admin/people/:id", ({ admin, params, request, server }) =>
      person.remove(parseId(params.id), actor(admin, request, server)),
    )
    .put(
      "/api/admin/people/:id/photo",
      ({ admin, body, params, request, server }) =>
        person.setPhoto(parseId(params.id), body.photo, actor(admin, request, server)),
      {
        body: PhotoBody,
        beforeHandle: ({ request }) => {
          if (tooLarge(request)) throw new TooLargeError(FIRM_MESSAGES.photoTooLarge);
        },
      },
    )
    .delete("/api/admin/people/:id/photo", ({ admin, params, request, server }) =>
      person.removePhoto(parseId(params.id), actor(admin, request, server)),
    )
    .get("/api/admin/firm/consultation-place", () => ({ place: service.settings.consultationPlace() }))
    .put(
      "/api/admin/firm/consultation-place",
      ({ admin, body, request, server }) => ({
        place: service.settings.setConsultationPlace(body, actor(admin, request, server)),
      }),
      { body: ConsultationPlaceBody },
    )
    .delete("/api/admin/firm/consultation-place", ({ admin, request, server }) => ({
      place: service.settings.setConsultationPlace(null, actor(admin, request, server)),
    }))
    .get("/api/admin/testimonials", () => testimonial.list())
    .post(
      "/api/admin/testimonials",
      ({ admin, body, request, server, set }) => {
        set.status = 201;
        return testimonial.create(body, actor(admin, request, server));
      },
      { body: TestimonialBody },
    )
    .get("/api/admin/testimonials/:id", ({ params }) => testimonial.get(parseId(params.id)))
    .patch(
      "/api/admin/testimonials/:id",
      ({ admin, body, params, request, server }) =>
        testimonial.update(parseId(params.id), body, actor(admin, request, server)),
      { body: TestimonialChange },
    )
    .delete("/api/admin/testimonials/:id", ({ admin, params, request, server }) =>
      testimonial.remove(parseId(params.id), actor(admin, request, server)),
    );

  return new Elysia({ name: "firm" }).use(admin).get(`${PHOTOS_PREFIX}:name`, ({ params }) => {
    const { file, contentType } = person.photo(params.name);
    return new Response(Bun.file(file), {
      headers: {
        "content-type": contentType,
        // The name is new with every upload: the bytes behind it never change.
        "cache-control": "public, max-age=31536000, immutable",
        "content-disposition": "inline",
        "x-content-type-options": "nosniff",
      },
    });
  });
}
