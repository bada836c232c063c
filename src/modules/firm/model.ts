import * as v from "valibot";
import { changeBody, createBody } from "../../contracts/admin-body";
import {
  ConsultationPlaceSchema,
  FIRM_MESSAGES,
  PersonInputSchema,
  TestimonialInputSchema,
} from "../../contracts/firm";

/** Where people's photos are served from; the files live in DATA_DIR/uploads beside the resources' files. */
export const PHOTOS_PREFIX = "/uploads/photos/";
/** A stored photo's name: a random id and the extension of its detected type. */
export const PHOTO_NAME = /^[0-9a-f-]{36}\.(jpg|png|webp)$/;

/** What the admin's person and testimonial forms send: the screens check them with the same schemas. */
export const PersonBody = createBody(PersonInputSchema);
export const PersonChange = changeBody(PersonInputSchema);
export const TestimonialBody = createBody(TestimonialInputSchema);
export const TestimonialChange = changeBody(TestimonialInputSchema);

/** PUT /api/admin/people/:id/photo: the multipart field `photo`, a file with something in it. */
export const PhotoBody = createBody(
  v.object({
    photo: v.pipe(v.file(FIRM_MESSAGES.photoRequired), v.minSize(1, FIRM_MESSAGES.photoRequired)),
  }),
);

/** PUT /api/admin/firm/consultation-place: a phone number or a video link, checked as the screen checks it. */
export const ConsultationPlaceBody = v.config(
  v.pipe(
    v.unknown(),
    v.transform((input) =>
      typeof input === "object" && input !== null ? { kind: undefined, value: "", ...input } : input,
    ),
    ConsultationPlaceSchema,
  ),
  { abortPipeEarly: true },
);
