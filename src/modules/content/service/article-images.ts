import { mkdirSync } from "node:fs";
import { join } from "node:path";
import {
  ARTICLE_IMAGE_MAX_BYTES,
  ARTICLE_IMAGE_MESSAGES,
  type ArticleImage,
  imageMarkdown,
} from "../../../contracts/articles";
import { InvalidError, NotFoundError, TooLargeError } from "../../../contracts/errors";
import type { Database } from "../../../db";
import { UPLOADS_DIR } from "../../../ops/backup";
import { type Actor, auditBy } from "../../audit";
import {
  ARTICLE_IMAGE_NAME,
  ARTICLE_IMAGES_PREFIX,
  articleImageOf,
  articleImagePath,
  readImage,
} from "../lib/article-image";

/**
 * Images for articles (ADR 196): staff upload one from the editor with its alt text; it is typed and sized by
 * its bytes, written to DATA_DIR/uploads under a new name that carries its size, and served at that name for
 * good. The answer gives the Markdown the editor inserts.
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
    async upload({ image, alt }: { image: File; alt: string }, actor: Actor): Promise<ArticleImage> {
      if (image.size > ARTICLE_IMAGE_MAX_BYTES)
        throw new TooLargeError(ARTICLE_IMAGE_MESSAGES.tooLarge, "image");
      const bytes = new Uint8Array(await image.arrayBuffer());
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
        markdown: imageMarkdown(alt, path),
      };
    },

    /** An uploaded image by its name, with its type; a name no upload has is not found. */
    async stored(name: string): Promise<{ file: string; contentType: string }> {
      const image = ARTICLE_IMAGE_NAME.test(name) ? articleImageOf(`${ARTICLE_IMAGES_PREFIX}${name}`) : null;
      const file = image && join(uploads, name);
      if (!image || !file || !(await Bun.file(file).exists())) throw new NotFoundError("Not found");
      return { file, contentType: image.contentType };
    },
  };
}

export type ArticleImageService = ReturnType<typeof articleImageService>;
