import * as v from "valibot";
import { CONSULTATION_MESSAGES as M } from "../../contracts/consultation";

/** `?tz=`: the client's zone; which names are zones the service knows (an unknown one is a 400 naming it). */
export const ZoneQuery = v.object({ tz: v.optional(v.string(M.timeZone)) });

/**
 * POST and PATCH `{ start }`: one of the listed instants. Whether it is a date and time that exists, and one
 * of the open slots, the service decides, with the answers it has always given (400 with the message).
 */
export const StartBody = v.optional(v.object({ start: v.optional(v.string(M.start)) }), {});

/** A request's id in the desk's paths; one that names no request is not found (404), as every desk path answers. */
export const SubmissionParams = v.object({ id: v.string() });
