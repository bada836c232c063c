import { Elysia } from "elysia";
import { MAX_UPLOAD_BYTES, RESOURCE_MESSAGES } from "../../../contracts/resources";
import { actorFrom, parseId } from "../../../http/admin-http";
import { TooLargeError } from "../../../http/errors";
import type { Auth } from "../../auth";
import { ResourceBody, ResourceChange, UPLOADS_PREFIX } from "../model/resources";
import type { ResourceService } from "../service/resources";

/** A request whose declared body is past the upload limit (plus room for the form's other fields). */
const tooLarge = (request: Request) =>
  Number(request.headers.get("content-length") ?? 0) > MAX_UPLOAD_BYTES + 64 * 1024;

/** /api/admin/resources (JSON, or multipart with a `file` for uploads) and the public /uploads/* files. */
export function resourcesRoutes(
  service: ResourceService,
  requireAdmin: Auth["requireAdmin"],
  trustProxy: boolean,
) {
  const actor = actorFrom(trustProxy);
  const admin = new Elysia({ name: "admin-resources", prefix: "/api/admin/resources" })
    .use(requireAdmin)
    .onBeforeHandle(({ request }) => {
      if (tooLarge(request)) throw new TooLargeError(RESOURCE_MESSAGES.fileTooLarge);
    })
    .get("/", () => service.list())
    .post(
      "/",
      async ({ admin, body, request, server, set }) => {
        const created = await service.create(body, actor(admin, request, server));
        set.status = 201;
        return created;
      },
      { body: ResourceBody },
    )
    .get("/:id", ({ params }) => service.get(parseId(params.id)))
    .patch(
      "/:id",
      ({ admin, body, params, request, server }) =>
        service.update(parseId(params.id), body, actor(admin, request, server)),
      { body: ResourceChange },
    )
    .delete("/:id", ({ admin, params, request, server }) =>
      service.remove(parseId(params.id), actor(admin, request, server)),
    );
  return new Elysia({ name: "resources" }).use(admin).get(`${UPLOADS_PREFIX}:name`, ({ params }) => {
    const { file, contentType, filename } = service.download(params.name);
    return new Response(Bun.file(file), {
      headers: {
        "content-type": contentType,
        "content-disposition": `attachment; filename="${filename}"`,
        "cache-control": "no-cache",
        "x-content-type-options": "nosniff",
      },
    });
  });
}
