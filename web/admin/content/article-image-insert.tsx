import { ImagePlus } from "lucide-react";
import { type KeyboardEvent, useRef, useState } from "react";
import * as v from "valibot";
import {
  ARTICLE_IMAGE_ACCEPT,
  ARTICLE_IMAGE_ALT_MAX,
  ARTICLE_IMAGE_MAX_BYTES,
  ARTICLE_IMAGE_MESSAGES,
  type ArticleImage,
  ImageAltSchema,
} from "../../../src/contracts/articles";
import { apiForm } from "../../lib/api";
import { serverErrors, serverMessage } from "../../lib/api-errors";
import { toast } from "../../lib/toast-store";
import { Field } from "../shared/field";
import { TextField } from "../shared/text-field";

export const ARTICLE_IMAGES_API = "/api/admin/articles/images";

type Errors = { image?: string; alt?: string };

/**
 * Uploads an image for the article (PNG, JPEG or WebP; the server decides the type by its content) with the
 * words that describe it, and hands back the Markdown that shows it for the editor to insert where the cursor
 * is. Not a form of its own (it sits inside the article's form): Enter in the alt text uploads.
 */
export function ArticleImageInsert({ onInsert }: { onInsert: (markdown: string) => void }) {
  const file = useRef<HTMLInputElement>(null);
  const [alt, setAlt] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [pending, setPending] = useState(false);

  const check = (): Errors => {
    const chosen = file.current?.files?.[0];
    const altResult = v.safeParse(ImageAltSchema, alt);
    return {
      image: !chosen
        ? ARTICLE_IMAGE_MESSAGES.required
        : chosen.size > ARTICLE_IMAGE_MAX_BYTES
          ? ARTICLE_IMAGE_MESSAGES.tooLarge
          : undefined,
      alt: altResult.success ? undefined : altResult.issues[0].message,
    };
  };

  const upload = async () => {
    const found = check();
    setErrors(found);
    if (found.image || found.alt) {
      document.getElementById(found.image ? "article-image-file" : "article-image-alt")?.focus();
      return;
    }
    const chosen = file.current?.files?.[0];
    if (!chosen) return;
    const form = new FormData();
    form.append("image", chosen);
    form.append("alt", alt);
    setPending(true);
    try {
      const image = (await (await apiForm("POST", ARTICLE_IMAGES_API, form)).json()) as ArticleImage;
      onInsert(image.markdown);
      setAlt("");
      if (file.current) file.current.value = "";
      toast({
        title: "Image Inserted",
        description: `${image.width} × ${image.height} pixels, placed in the content where the cursor was. Save the article to keep it.`,
      });
    } catch (error) {
      const fields = serverErrors(error);
      const message = fields?.image ?? (fields?.alt ? undefined : serverMessage(error, "Please try again."));
      setErrors({ image: message, alt: fields?.alt });
    } finally {
      setPending(false);
    }
  };

  const onAltKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== "Enter") return;
    e.preventDefault();
    void upload();
  };

  return (
    <fieldset className="rounded-lg border border-line p-4">
      <legend className="flex items-center gap-2 px-1 font-semibold text-navy">
        <ImagePlus className="size-5" aria-hidden="true" />
        Insert an Image
      </legend>
      <div className="grid gap-4 md:grid-cols-2">
        <Field
          id="article-image-file"
          label="Image file"
          hint="PNG, JPEG or WebP, at most 5 MB. About 1,200 pixels wide fills the column."
          error={errors.image}
        >
          {(control) => (
            <input
              {...control}
              ref={file}
              name="image"
              type="file"
              accept={ARTICLE_IMAGE_ACCEPT}
              className="mt-2 block w-full text-sm"
              onChange={() => errors.image && setErrors((e) => ({ ...e, image: check().image }))}
            />
          )}
        </Field>
        <TextField
          id="article-image-alt"
          label="Alt text"
          name="alt"
          maxLength={ARTICLE_IMAGE_ALT_MAX}
          hint="What the image shows, for readers who cannot see it."
          value={alt}
          onChange={(e) => {
            setAlt(e.target.value);
            if (errors.alt) {
              const r = v.safeParse(ImageAltSchema, e.target.value);
              setErrors((x) => ({ ...x, alt: r.success ? undefined : r.issues[0].message }));
            }
          }}
          onKeyDown={onAltKey}
          error={errors.alt}
        />
      </div>
      <button
        type="button"
        onClick={() => void upload()}
        disabled={pending}
        className="btn-outline mt-4 disabled:opacity-70"
      >
        {pending ? "Uploading..." : "Upload and Insert"}
      </button>
    </fieldset>
  );
}

/** The content with `markdown` put at the cursor (`at`), as a paragraph of its own. */
export function insertBlock(content: string, markdown: string, at: number | null): string {
  const cut = at === null || at < 0 || at > content.length ? content.length : at;
  const before = content.slice(0, cut).replace(/\s*$/, "");
  const after = content.slice(cut).replace(/^\s*/, "");
  return `${before ? `${before}\n\n` : ""}${markdown}\n${after ? `\n${after}` : ""}`;
}
