import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { Elysia } from "elysia";
import * as v from "valibot";
import {
  ARTICLE_IMAGE_MAX_BYTES,
  ARTICLE_IMAGE_MESSAGES,
  type ArticleImage,
  ImageAltSchema,
  imageMarkdown,
} from "../../contracts/articles";
import type { Database } from "../../db";
import { type Actor, auditBy } from "../../http/admin-http";
import { InvalidError, NotFoundError, TooLargeError } from "../../http/errors";
import { UPLOADS_DIR } from "../../ops/backup";
import type { Auth } from "../auth";
import { actorOf, patchOf } from "./admin-http";
import {
  ARTICLE_IMAGE_NAME,
  ARTICLE_IMAGES_PREFIX,
  articleImageOf,
  articleImagePath,
  readImage,
} from "./article-image";

export const ARTICLE_IMAGES_API = "/api/admin/articles/images";

/**
 * Images for articles (ADR 196): staff upload one from the editor (multipart `image` and its `alt` text); it is
 * typed and sized by its bytes, written to DATA_DIR/uploads under a new name that carries its size, and served
 * at that name for good. The answer gives the Markdown the editor inserts.
 */
export function articleImageService({
  db,
  dataDir,
  now,
}: {
  db: Database;
  dataDir: string;
  now: () => Date;
}) {
  const uploads = join(dataDir, UPLOADS_DIR);

  return {
    async upload(body: unknown, actor: Actor): Promise<ArticleImage> {
      const input = patchOf(body);
      const alt = v.safeParse(ImageAltSchema, input.alt ?? "");
      const file = input.image;
      if (!(file instanceof File) || file.size === 0)
        throw new InvalidError({ image: [ARTICLE_IMAGE_MESSAGES.required] });
      if (file.size > ARTICLE_IMAGE_MAX_BYTES)
        throw new TooLargeError(ARTICLE_IMAGE_MESSAGES.tooLarge, "image");
      if (!alt.success) throw new InvalidError({ alt: [alt.issues[0].message] });
      const bytes = new Uint8Array(await file.arrayBuffer());
      const facts = readImage(bytes);
      if (!facts) throw new InvalidError({ image: [ARTICLE_IMAGE_MESSAGES.type] });
      const path = articleImagePath(crypto.randomUUID(), facts);
      mkdirSync(uploads, { recursive: true });
      await Bun.write(join(uploads, path.slice(ARTICLE_IMAGES_PREFIX.length)), bytes);
      auditBy(
        db,
        actor,
        "article.image_uploaded",
        { path, width: facts.width, height: facts.height, bytes: bytes.length },
        now(),
      );
      return {
        path,
        width: facts.width,
        height: facts.height,
        contentType: articleImageOf(path)?.contentType ?? "",
        markdown: imageMarkdown(alt.output, path),
      };
    },

    /** An uploaded image, shown in place (never a page), cached for good: the bytes behind a name never change. */
    async serve(name: string): Promise<Response> {
      const image = ARTICLE_IMAGE_NAME.test(name) ? articleImageOf(`${ARTICLE_IMAGES_PREFIX}${name}`) : null;
      const file = image && Bun.file(join(uploads, name));
      if (!image || !file || !(await file.exists())) throw new NotFoundError("Not found");
      return new Response(file, {
        headers: {
          "content-type": image.contentType,
          "cache-control": "public, max-age=31536000, immutable",
          "content-disposition": "inline",
          "x-content-type-options": "nosniff",
        },
      });
    },
  };
}

/** POST /api/admin/articles/images, and the public /uploads/articles/:name. */
export function articleImagesController(
  service: ReturnType<typeof articleImageService>,
  requireAdmin: Auth["requireAdmin"],
  trustProxy: boolean,
) {
  const who = actorOf(trustProxy);
  const admin = new Elysia({ name: "admin-article-images" })
    .use(requireAdmin)
    .post(ARTICLE_IMAGES_API, async (ctx) => {
      // A declared body past the limit (and room for the alt text and the form) is refused before it is read.
      if (Number(ctx.request.headers.get("content-length") ?? 0) > ARTICLE_IMAGE_MAX_BYTES + 64 * 1024)
        throw new TooLargeError(ARTICLE_IMAGE_MESSAGES.tooLarge, "image");
      const image = await service.upload(ctx.body, who(ctx));
      ctx.set.status = 201;
      return image;
    });
  return new Elysia({ name: "article-images" })
    .use(admin)
    .get(`${ARTICLE_IMAGES_PREFIX}:name`, ({ params }) => service.serve(params.name));
}
