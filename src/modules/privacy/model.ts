import * as v from "valibot";
import { DataRequestSchema, RetentionPolicySchema } from "../../contracts/privacy";

export type { Actor } from "../audit";

/** POST /api/admin/data-requests: the kind and the requester's address. */
export { DataRequestSchema, RetentionPolicySchema };
export type DataRequestInput = v.InferOutput<typeof DataRequestSchema>;

/** A query parameter of digits as its number; anything else as it came, for the policy's schema to name. */
const wholeNumber = (raw: unknown) =>
  typeof raw === "string" && /^\d{1,9}$/.test(raw.trim()) ? Number(raw) : raw;

/**
 * GET /api/admin/retention/dry-run: a proposed policy in the query, read as the policy a PUT sends is, so the
 * same field is refused with the same message whichever of the two asked.
 */
export const RetentionDryRunQuerySchema = v.pipe(
  v.object({ unengagedDays: v.unknown(), engagedDays: v.unknown() }),
  v.transform((q) => ({
    unengagedDays: wholeNumber(q.unengagedDays),
    engagedDays: wholeNumber(q.engagedDays),
  })),
  RetentionPolicySchema,
);
