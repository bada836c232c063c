import { Elysia } from "elysia";
import { AuditQuerySchema } from "../../contracts/audit";
import type { createAuditService } from "./service";

/** GET /audit under the admin prefix, mounted behind the admin guard by whoever composes it. */
export const auditRoutes = (service: ReturnType<typeof createAuditService>) =>
  new Elysia({ name: "audit" }).get("/audit", ({ query }) => service.page(query), {
    query: AuditQuerySchema,
  });
