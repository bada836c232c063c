import { Elysia } from "elysia";
import { ARTICLE_IMAGE_MAX_BYTES, ARTICLE_IMAGE_MESSAGES } from "../../../contracts/articles";
import { actorFrom } from "../../../http/admin-http";
import { TooLargeError } from "../../../http/errors";
import type { Auth } from "../../auth";
import { ARTICLE_IMAGES_PREFIX } from "../lib/article-image";
import { ARTICLE_IMAGES_API, ArticleImageBody } from "../model/articles";
import type { ArticleImageService } from "../service/article-images";

/** POST /api/admin/articles/images (multipart `image` and `alt`), and the public /uploads/articles/:name. */
export function articleImagesRoutes(
  service: ArticleImageService,
  requireAdmin: Auth["requireAdmin"],
  trustProxy: boolean,
) {
  const actor = actorFrom(trustProxy);
  const admin = new Elysia({ name: "admin-article-images" }).use(requireAdmin).post(
    ARTICLE_IMAGES_API,
    async ({ admin, body, request, server, set }) => {
      const image = await service.upload(body, actor(admin, request, server));
      set.status = 201;
      return image;
    },
    {
      body: ArticleImageBody,
      // A declared body past the limit (and room for the alt text and the form) is refused before it is read.
      beforeHandle: ({ request }) => {
        if (Number(request.headers.get("content-length") ?? 0) > ARTICLE_IMAGE_MAX_BYTES + 64 * 1024)
          throw new TooLargeError(ARTICLE_IMAGE_MESSAGES.tooLarge, "image");
      },
    },
  );
  return new Elysia({ name: "article-images" })
    .use(admin)
    .get(`${ARTICLE_IMAGES_PREFIX}:name`, async ({ params }) => {
      const { file, contentType } = await service.stored(params.name);
      // Shown in place (never a page), cached for good: the bytes behind a name never change.
      return new Response(Bun.file(file), {
        headers: {
          "content-type": contentType,
          "cache-control": "public, max-age=31536000, immutable",
          "content-disposition": "inline",
          "x-content-type-options": "nosniff",
        },
      });
    });
}
