import { Elysia } from "elysia";
import { actorFrom, parseId } from "../../../http/admin-http";
import type { Auth } from "../../auth";
import { CaseStudyBody, CaseStudyChange } from "../model/case-studies";
import type { CaseStudyService } from "../service/case-studies";

/** /api/admin/case-studies: list, create, read, change, delete. */
export function caseStudiesRoutes(
  service: CaseStudyService,
  requireAdmin: Auth["requireAdmin"],
  trustProxy: boolean,
) {
  const actor = actorFrom(trustProxy);
  return new Elysia({ name: "admin-case-studies", prefix: "/api/admin/case-studies" })
    .use(requireAdmin)
    .get("/", () => service.list())
    .post(
      "/",
      ({ admin, body, request, server, set }) => {
        const created = service.create(body, actor(admin, request, server));
        set.status = 201;
        return created;
      },
      { body: CaseStudyBody },
    )
    .get("/:id", ({ params }) => service.get(parseId(params.id)))
    .patch(
      "/:id",
      ({ admin, body, params, request, server }) =>
        service.update(parseId(params.id), body, actor(admin, request, server)),
      { body: CaseStudyChange },
    )
    .delete("/:id", ({ admin, params, request, server }) =>
      service.remove(parseId(params.id), actor(admin, request, server)),
    );
}
