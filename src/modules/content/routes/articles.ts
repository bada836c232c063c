import { Elysia } from "elysia";
import { actorFrom, parseId } from "../../../http/admin-http";
import type { Auth } from "../../auth";
import { ArticleBody, ArticleChange, ArticleListQuery, CompareQuery, PreviewBody } from "../model/articles";
import type { ArticleService } from "../service/articles";

/** /api/admin/articles: list, create, read, change, delete, saved versions, and a Markdown preview. */
export function articlesRoutes(
  service: ArticleService,
  requireAdmin: Auth["requireAdmin"],
  trustProxy: boolean,
) {
  const actor = actorFrom(trustProxy);
  return new Elysia({ name: "admin-articles", prefix: "/api/admin/articles" })
    .use(requireAdmin)
    .get("/", ({ query }) => service.list(query), { query: ArticleListQuery })
    .post(
      "/",
      ({ admin, body, request, server, set }) => {
        const created = service.create(body, actor(admin, request, server));
        set.status = 201;
        return created;
      },
      { body: ArticleBody },
    )
    .post("/preview", ({ body }) => service.preview(body.content), { body: PreviewBody })
    .get("/:id", ({ params }) => service.get(parseId(params.id)))
    .get("/:id/revisions", ({ params }) => service.revisions(parseId(params.id)))
    .get(
      "/:id/revisions/compare",
      ({ params, query }) =>
        service.compare(parseId(params.id), parseId(query.from ?? ""), parseId(query.to ?? "")),
      { query: CompareQuery },
    )
    .post("/:id/revisions/:revision/restore", ({ admin, params, request, server }) =>
      service.restore(parseId(params.id), parseId(params.revision), actor(admin, request, server)),
    )
    .patch(
      "/:id",
      ({ admin, body, params, request, server }) =>
        service.update(parseId(params.id), body, actor(admin, request, server)),
      { body: ArticleChange },
    )
    .delete("/:id", ({ admin, params, request, server }) =>
      service.remove(parseId(params.id), actor(admin, request, server)),
    );
}
