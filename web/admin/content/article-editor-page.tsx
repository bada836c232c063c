import { ExternalLink } from "lucide-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { ArticleInputSchema, type StoredArticle, slugify } from "../../../src/contracts/articles";
import { adminArticlePath, articlePath, PATHS } from "../../../src/contracts/paths";
import { EMPTY_READING_TIME } from "../../../src/contracts/reading-time";
import { MarkdownBody } from "../../components/markdown-body";
import { apiRequest } from "../../lib/api";
import { useBrand } from "../../lib/brand-context";
import type { RouteParams } from "../../routes";
import { AdminFrame } from "../shared/admin-frame";
import { adminPage, editorHead } from "../shared/admin-page";
import { ADMIN_API } from "../shared/admin-session";
import { ConfirmDialog } from "../shared/confirm-dialog";
import { DraftOffer } from "../shared/draft-offer";
import { TextArea } from "../shared/text-area";
import { TextField } from "../shared/text-field";
import { useUnsavedDraft } from "../shared/use-unsaved-draft";
import { editorId, useDeleteEntity, useSaveEntity, useStoredEntity } from "./admin-editor";
import { ArticleAuthorField } from "./article-author-field";
import { ArticleImageInsert, insertBlock } from "./article-image-insert";
import { ArticlePreviewLink } from "./article-preview-link";
import { ArticleRevisions } from "./article-revisions";
import { ArticleScheduleField } from "./article-schedule-field";
import { ArticleTopicsField } from "./article-topics-field";
import { EditorActions, EditorHeading, EntryMissing, PublishedToggle } from "./editor-controls";

type Values = {
  title: string;
  slug: string;
  description: string;
  content: string;
  author: string;
  authorPersonId: number | null;
  published: boolean;
  tags: string[];
  publishAt?: string | null;
};
const EMPTY: Values = {
  title: "",
  slug: "",
  description: "",
  content: "",
  author: "",
  authorPersonId: null,
  published: false,
  tags: [],
};

const fromStored = (a: StoredArticle): Values => ({
  title: a.title,
  slug: a.slug,
  description: a.description,
  content: a.content,
  author: a.author,
  authorPersonId: a.authorPersonId,
  published: a.published,
  tags: a.tags,
  publishAt: a.publishedAt,
});

/** New article (/admin/articles/new) or an existing one (/admin/articles/:id). */
export function ArticleEditorPage({ params }: { params: RouteParams }) {
  const id = editorId(params);
  return <AdminFrame>{() => <ArticleEditor key={id ?? "new"} id={id} />}</AdminFrame>;
}

function ArticleEditor({ id }: { id: number | null }) {
  const brand = useBrand();
  const [values, setValues] = useState<Values>(EMPTY);
  const { confirming, setConfirming, deleting, remove } = useDeleteEntity({
    noun: "Article",
    url: id === null ? null : `${ADMIN_API.articles}/${id}`,
    title: values.title,
    listPath: PATHS.adminArticles,
  });
  const { saved, setSaved, missing } = useStoredEntity<StoredArticle>({
    noun: "Article",
    url: ADMIN_API.articles,
    id,
    onLoad: (a) => setValues(fromStored(a)),
  });
  const draft = useUnsavedDraft({
    key: `article:${id ?? "new"}`,
    values,
    saved: id === null ? EMPTY : saved && fromStored(saved),
    onRestore: setValues,
  });
  const [slugEdited, setSlugEdited] = useState(id !== null);
  /** The content's field: an inserted image goes where its cursor is. */
  const contentField = useRef<HTMLTextAreaElement>(null);
  const preview = usePreview(values.content);
  const { errors, pending, save } = useSaveEntity<StoredArticle>({
    noun: "Article",
    values: values,
    schema: ArticleInputSchema,
    id,
    pathOf: adminArticlePath,
    onSaved: (article) => {
      draft.clear();
      setSaved(article);
      setValues((v) => ({ ...v, author: article.author }));
    },
    savedText: (article) =>
      article.published
        ? "It is live on the Articles page now."
        : "Saved as a draft; visitors cannot see it until you publish it.",
  });

  const set = <K extends keyof Values>(key: K, value: Values[K]) =>
    setValues((v) => {
      const next = { ...v, [key]: value };
      if (key === "title" && !slugEdited) next.slug = slugify(String(value));
      return next;
    });

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    void save(e.currentTarget, () =>
      id === null
        ? apiRequest("POST", ADMIN_API.articles, values)
        : apiRequest("PATCH", `${ADMIN_API.articles}/${id}`, values),
    );
  };

  if (missing) {
    return (
      <EntryMissing title="Article not found" list={{ href: PATHS.adminArticles, label: "All Articles" }} />
    );
  }

  return (
    <>
      <EditorHeading
        title={id === null ? "New Article" : "Edit Article"}
        list={{ href: PATHS.adminArticles, label: "All Articles" }}
      />
      {saved?.published && (
        <p className="mt-3">
          <a
            href={articlePath(saved.slug)}
            className="inline-flex items-center gap-2 font-semibold text-navy underline underline-offset-4"
          >
            <ExternalLink className="size-4" aria-hidden="true" />
            View on the site
          </a>
        </p>
      )}

      <DraftOffer offer={draft.offer} onRestore={draft.restore} onDiscard={draft.discard} />
      {saved && (
        <p className="mt-3">
          <ArticlePreviewLink id={saved.id} slug={saved.slug} />
        </p>
      )}

      <form onSubmit={onSubmit} noValidate aria-label="Article" className="mt-8 grid gap-8 lg:grid-cols-2">
        <div className="space-y-5 rounded-xl border border-line bg-white p-6 shadow-sm">
          <TextField
            id="article-title"
            label="Title"
            name="title"
            required
            value={values.title}
            onChange={(e) => set("title", e.target.value)}
            error={errors.title}
          />
          <TextField
            id="article-slug"
            label="Slug"
            name="slug"
            required
            hint={`The address: ${articlePath(values.slug || "your-slug")}. Lowercase letters, digits and hyphens.`}
            value={values.slug}
            onChange={(e) => {
              setSlugEdited(true);
              set("slug", e.target.value);
            }}
            error={errors.slug}
          />
          <TextArea
            id="article-description"
            label="Description"
            name="description"
            required
            rows={3}
            hint="One or two sentences, shown under the title and in search results."
            value={values.description}
            onChange={(e) => set("description", e.target.value)}
            error={errors.description}
          />
          <TextArea
            ref={contentField}
            id="article-content"
            label="Content (Markdown)"
            name="content"
            rows={16}
            hint="## for a section heading, - for a list, **bold**, [link text](https://...). HTML is shown as text. Images: upload one below."
            value={values.content}
            onChange={(e) => set("content", e.target.value)}
            error={errors.content}
            mono
          />
          <ArticleImageInsert
            onInsert={(markdown) =>
              setValues((v) => ({
                ...v,
                // A textarea keeps where its cursor was after focus leaves it for the image panel.
                content: insertBlock(v.content, markdown, contentField.current?.selectionStart ?? null),
              }))
            }
          />
          <ArticleAuthorField
            personId={values.authorPersonId}
            onChange={(id) => set("authorPersonId", id)}
            error={errors.authorPersonId}
            fallback={values.author.trim() || brand.name}
          />
          <TextField
            id="article-author"
            label="Author name, when no person is named"
            name="author"
            placeholder={brand.name}
            hint={`Shown when no person is named above, or theirs is not published. Leave empty to publish as ${brand.name}.`}
            value={values.author}
            onChange={(e) => set("author", e.target.value)}
            error={errors.author}
          />
          <ArticleTopicsField tags={values.tags} onChange={(tags) => set("tags", tags)} error={errors.tags} />
          <ArticleScheduleField
            publishAt={values.publishAt}
            onChange={(at) => set("publishAt", at)}
            error={errors.publishAt}
            now={new Date()}
          />
          <p className="text-sm text-ink">
            <span className="font-semibold">Reading time:</span>{" "}
            <span data-testid="reading-time">
              {preview.readingTime ?? (values.content.trim() ? "counting..." : EMPTY_READING_TIME)}
            </span>
            <span className="text-ink-muted"> (counted from the words)</span>
          </p>
          <PublishedToggle
            idPrefix="article"
            checked={values.published}
            onChange={(checked) => set("published", checked)}
            publishedAt={saved?.publishedAt}
            unpublishedHint={"Visible on the site once saved with this ticked."}
          />
          <EditorActions
            pending={pending}
            saveLabel="Save Article"
            onDelete={id === null ? undefined : () => setConfirming(true)}
          />
        </div>

        <section aria-labelledby="preview-title" className="min-w-0">
          <h2 id="preview-title" className="font-serif text-2xl font-bold text-navy">
            Preview
          </h2>
          <p className="mt-1 text-sm text-ink-muted">
            Rendered by the server exactly as the article page shows it.
          </p>
          <div className="mt-4 rounded-xl border border-line bg-paper p-6">
            <p className="font-serif text-3xl font-bold text-navy">{values.title || "Untitled article"}</p>
            {values.description && <p className="mt-3 text-ink-muted">{values.description}</p>}
            <div className="mt-6">
              {values.content.trim() ? (
                <MarkdownBody html={preview.html} />
              ) : (
                <p className="text-ink-muted">The content will appear here as you write.</p>
              )}
            </div>
          </div>
        </section>
      </form>

      {id !== null && saved && <ArticleRevisions articleId={id} version={saved.updatedAt} />}

      <ConfirmDialog
        open={confirming}
        title="Delete this article?"
        text={`"${values.title}" will be removed from the site and cannot be restored.`}
        confirmLabel="Delete Article"
        pending={deleting}
        onConfirm={remove}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}

/** The server's rendering of the Markdown, refreshed shortly after typing stops. */
function usePreview(content: string): { html: string; readingTime: string | null } {
  const [state, setState] = useState<{ html: string; readingTime: string | null }>({
    html: "",
    readingTime: null,
  });
  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      apiRequest("POST", ADMIN_API.articlePreview, { content })
        .then((res) => res.json() as Promise<{ html: string; readingTime: string }>)
        .then((next) => live && setState(next))
        .catch(() => {
          // The preview is a convenience; saving reports real problems.
        });
    }, 300);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [content]);
  return state;
}

export const articleEditorPage = adminPage(
  ArticleEditorPage,
  editorHead(
    { title: "New Article", description: "Write a new article in Markdown." },
    { title: "Edit Article", description: "Change, publish or delete an article." },
  ),
);
