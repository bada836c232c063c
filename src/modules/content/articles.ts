import { Elysia } from "elysia";
import { type PublishedArticle, type StoredArticle, validateArticle } from "../../contracts/articles";
import { countWords, readingTimeFor } from "../../contracts/reading-time";
import { type Actor, auditBy, parseId } from "../../http/admin-http";
import { ConflictError, type FieldMessages, InvalidError, NotFoundError } from "../../http/errors";
import type { DataStore } from "../../store";
import { staffNames } from "../audit";
import type { Auth } from "../auth";
import { actorOf, changeEvent, patchOf } from "./admin-http";
import type { ArticleRevisionsRepo } from "./article-revisions-repo";
import { lineDiff } from "./line-diff";
import type { ArticleSort, ArticlesRepo, ArticleWrite } from "./repo/articles";

/** markdown-it is loaded when an article is first rendered, not at the start (ADR 236). */
const markdown = (): typeof import("./markdown") => require("./markdown");

export const ARTICLE_MESSAGES = {
  notFound: "No article with that id.",
  slugTaken: "That slug is already used by another article.",
  revisionNotFound: "No such saved version of this article.",
} as const;

export const wordsOf = (source: string) => countWords([markdown().markdownText(source)]);

export function toPublished(a: StoredArticle, brandName: string): PublishedArticle {
  return {
    slug: a.slug,
    title: a.title,
    description: a.description,
    // The site's own articles were stored without one: they read as written by the firm (migration 019).
    author: a.author || brandName,
    readingTime: a.readingTime,
    date: (a.publishedAt ?? a.createdAt).slice(0, 10),
    wordCount: wordsOf(a.content),
    html: markdown().renderMarkdown(a.content),
    tags: a.tags,
  };
}

export type ArticleServiceDeps = {
  store: DataStore;
  repo: ArticlesRepo;
  revisions: ArticleRevisionsRepo;
  brandName: string;
  now: () => Date;
  /** Called after every change so public pages show it at once. */
  changed: () => void;
};

export function articleService({ store, repo, revisions, brandName, now, changed }: ArticleServiceDeps) {
  const { db } = store;
  /** The article a path id names (null names none). */
  const found = (id: number | null): StoredArticle => {
    const a = id === null ? undefined : repo.get(id);
    if (!a) throw new NotFoundError(ARTICLE_MESSAGES.notFound);
    return a;
  };
  /** A kept save of an article (null ids name none). */
  const revisionOf = (id: number | null, revisionId: number | null) => {
    const r = id === null || revisionId === null ? undefined : revisions.get(id, revisionId);
    if (!r) throw new NotFoundError(ARTICLE_MESSAGES.revisionNotFound);
    return r;
  };

  /** Validates a full set of fields and turns it into a row; `current` is the row being changed. */
  const prepare = (input: unknown, current?: StoredArticle): ArticleWrite => {
    const result = validateArticle(input);
    if (!result.success) throw new InvalidError(result.errors as FieldMessages);
    const a = result.output;
    const holder = repo.bySlug(a.slug);
    if (holder && holder.id !== current?.id) throw new ConflictError(ARTICLE_MESSAGES.slugTaken, "slug");
    return {
      slug: a.slug,
      title: a.title,
      description: a.description,
      content: a.content,
      author: a.author || brandName,
      readingTime: readingTimeFor(wordsOf(a.content)),
      published: a.published,
      tags: a.tags,
      // Set once, when first published; unpublishing and publishing again keeps the original date. A
      // publish time given by the admin replaces it (a future one schedules the article).
      publishedAt: a.publishAt ?? current?.publishedAt ?? (a.published ? now().toISOString() : null),
    };
  };

  const audit = (event: string, who: Actor, a: StoredArticle) =>
    auditBy(db, who, event, { articleId: a.id, slug: a.slug, published: a.published }, now());

  return {
    list(query: Record<string, string | undefined>): StoredArticle[] {
      const sort = (["updated", "title", "published"] as const).find((s) => s === query.sort) as
        | ArticleSort
        | undefined;
      const status = query.status === "draft" || query.status === "published" ? query.status : undefined;
      return repo.list({ q: query.q, status, sort });
    },
    get: (id: number | null): StoredArticle => found(id),
    create(input: unknown, who: Actor): StoredArticle {
      const created = repo.create(prepare(input), now());
      revisions.keep(created, who.username);
      audit("article.create", who, created);
      changed();
      return created;
    },
    update(id: number | null, input: unknown, who: Actor): StoredArticle {
      const current = found(id);
      const { title, slug, description, content, author, published, tags } = current;
      const write = prepare(
        { title, slug, description, content, author, published, tags, ...patchOf(input) },
        current,
      );
      const updated = repo.update(current.id, write, now());
      if (!updated) throw new NotFoundError(ARTICLE_MESSAGES.notFound);
      revisions.keep(updated, who.username);
      audit(changeEvent("article", current, updated), who, updated);
      changed();
      return updated;
    },
    remove(id: number | null, who: Actor): { ok: true } {
      const current = found(id);
      if (!repo.remove(current.id)) throw new NotFoundError(ARTICLE_MESSAGES.notFound);
      audit("article.delete", who, current);
      changed();
      return { ok: true };
    },
    revisions(id: number | null) {
      const { id: articleId } = found(id);
      // Who saved each, by the name the team knows them by ("" is the site's own first copy).
      const names = staffNames(store);
      return revisions.list(articleId).map((r) => ({ ...r, savedBy: r.savedBy && names.of(r.savedBy) }));
    },
    /** Two kept saves side by side: the fields that differ, and the content line by line. */
    compare(id: number | null, query: Record<string, string | undefined>) {
      const from = revisionOf(id, parseId(query.from ?? ""));
      const to = revisionOf(id, parseId(query.to ?? ""));
      const fields = (["title", "slug", "description", "author", "tags", "published", "publishedAt"] as const)
        .filter((f) => JSON.stringify(from[f]) !== JSON.stringify(to[f]))
        .map((field) => ({ field, from: from[field], to: to[field] }));
      return { from, to, fields, lines: lineDiff(from.content, to.content) };
    },
    /** A kept save becomes the article again; the restore is a save like any other, so it is kept too. */
    restore(id: number | null, revisionId: number | null, who: Actor): StoredArticle {
      const { title, slug, description, content, author, tags, published, publishedAt } = revisionOf(
        id,
        revisionId,
      );
      return this.update(
        id,
        { title, slug, description, content, author, tags, published, publishAt: publishedAt },
        who,
      );
    },
    preview(input: unknown) {
      const content =
        typeof input === "object" && input !== null && "content" in input && typeof input.content === "string"
          ? input.content
          : "";
      return { html: markdown().renderMarkdown(content), readingTime: readingTimeFor(wordsOf(content)) };
    },
  };
}

/** /api/admin/articles: list, create, read, change, delete, and a Markdown preview rendered by the server. */
export function articlesController(
  service: ReturnType<typeof articleService>,
  requireAdmin: Auth["requireAdmin"],
  trustProxy: boolean,
) {
  const who = actorOf(trustProxy);
  return new Elysia({ name: "admin-articles", prefix: "/api/admin/articles" })
    .use(requireAdmin)
    .get("/", ({ query }) => service.list(query))
    .post("/", (ctx) => {
      const created = service.create(ctx.body, who(ctx));
      ctx.set.status = 201;
      return created;
    })
    .post("/preview", ({ body }) => service.preview(body))
    .get("/:id", ({ params }) => service.get(parseId(params.id)))
    .get("/:id/revisions", ({ params }) => service.revisions(parseId(params.id)))
    .get("/:id/revisions/compare", ({ params, query }) => service.compare(parseId(params.id), query))
    .post("/:id/revisions/:revision/restore", (ctx) =>
      service.restore(parseId(ctx.params.id), parseId(ctx.params.revision), who(ctx)),
    )
    .patch("/:id", (ctx) => service.update(parseId(ctx.params.id), ctx.body, who(ctx)))
    .delete("/:id", (ctx) => service.remove(parseId(ctx.params.id), who(ctx)));
}
