import { Elysia } from "elysia";
import { actorFrom, parseId, send } from "../../http/admin-http";
import type { Auth } from "../auth";
import type { PortalService } from "./service";

const notFound = { status: 404, body: { error: "Not found" } };

/** The desk's side of the engagement, under the request it belongs to: prepare, preview, send, record payments. */
export function engagementStaffRoutes(deps: {
  auth: Pick<Auth, "requireAdmin">;
  service: PortalService;
  trustProxy: boolean;
}) {
  const { staff } = deps.service;
  const actor = actorFrom(deps.trustProxy);
  return new Elysia({ name: "engagement-staff", prefix: "/api/admin/submissions/:id/engagement" })
    .use(deps.auth.requireAdmin)
    .get("/", ({ params, set }) => {
      const id = parseId(params.id);
      return send(set, id === null ? notFound : staff.get(id));
    })
    .put("/", ({ admin, request, server, params, body, set }) => {
      const id = parseId(params.id);
      return send(set, id === null ? notFound : staff.saveDraft(id, body, actor(admin, request, server)));
    })
    .get("/letter.pdf", async ({ params, set }) => {
      const id = parseId(params.id);
      const letter = id === null ? notFound : await staff.letter(id);
      if (!(letter instanceof Uint8Array)) return send(set, letter);
      return new Response(new Uint8Array(letter), {
        headers: { "content-type": "application/pdf", "cache-control": "no-store" },
      });
    })
    .post("/send", ({ admin, request, server, params, set }) => {
      const id = parseId(params.id);
      return send(set, id === null ? notFound : staff.send(id, actor(admin, request, server)));
    })
    .post("/payments", ({ admin, request, server, params, body, set }) => {
      const id = parseId(params.id);
      return send(set, id === null ? notFound : staff.recordPayment(id, body, actor(admin, request, server)));
    });
}
