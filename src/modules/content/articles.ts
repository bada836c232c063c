import { Elysia } from "elysia";
import {
  type FieldErrors,
  type PublishedArticle,
  type StoredArticle,
  validateArticle,
} from "../../contracts/articles";
import { countWords, readingTimeFor } from "../../contracts/reading-time";
import type { Database } from "../../db";
import { type Actor, auditBy } from "../../http/admin-http";
import { staffNames } from "../audit";
import type { Auth } from "../auth";
import { actorOf, changeEvent, idOf, type Outcome, patchOf, send } from "./admin-http";
import type { ArticleRevisionsRepo } from "./article-revisions-repo";
import { lineDiff } from "./line-diff";
import { markdownText, renderMarkdown } from "./markdown";
import type { ArticleSort, ArticlesRepo, ArticleWrite } from "./repo/articles";

export const ARTICLE_MESSAGES = {
  notFound: "No article with that id.",
  slugTaken: "That slug is already used by another article.",
  revisionNotFound: "No such saved version of this article.",
} as const;

export const wordsOf = (markdown: string) => countWords([markdownText(markdown)]);

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
    html: renderMarkdown(a.content),
    tags: a.tags,
  };
}

export type ArticleServiceDeps = {
  db: Database;
  repo: ArticlesRepo;
  revisions: ArticleRevisionsRepo;
  brandName: string;
  now: () => Date;
  /** Called after every change so public pages show it at once. */
  changed: () => void;
};

export function articleService({ db, repo, revisions, brandName, now, changed }: ArticleServiceDeps) {
  const invalid = (errors: FieldErrors): Outcome => ({ status: 422, body: { errors } });
  const notFound: Outcome = { status: 404, body: { error: ARTICLE_MESSAGES.notFound } };

  /** Validates a full set of fields and turns it into a row; `current` is the row being changed. */
  const prepare = (
    input: unknown,
    current?: StoredArticle,
  ): { write: ArticleWrite } | { outcome: Outcome } => {
    const result = validateArticle(input);
    if (!result.success) return { outcome: invalid(result.errors) };
    const a = result.output;
    const holder = repo.bySlug(a.slug);
    if (holder && holder.id !== current?.id) {
      return {
        outcome: {
          status: 409,
          body: { error: ARTICLE_MESSAGES.slugTaken, errors: { slug: [ARTICLE_MESSAGES.slugTaken] } },
        },
      };
    }
    return {
      write: {
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
      },
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
    get(id: number): Outcome {
      const a = repo.get(id);
      return a ? { status: 200, body: a } : notFound;
    },
    create(input: unknown, who: Actor): Outcome {
      const p = prepare(input);
      if ("outcome" in p) return p.outcome;
      const created = repo.create(p.write, now());
      revisions.keep(created, who.username);
      audit("article.create", who, created);
      changed();
      return { status: 201, body: created };
    },
    update(id: number, input: unknown, who: Actor): Outcome {
      const current = repo.get(id);
      if (!current) return notFound;
      const { title, slug, description, content, author, published, tags } = current;
      const p = prepare(
        { title, slug, description, content, author, published, tags, ...patchOf(input) },
        current,
      );
      if ("outcome" in p) return p.outcome;
      const updated = repo.update(id, p.write, now());
      if (!updated) return notFound;
      revisions.keep(updated, who.username);
      audit(changeEvent("article", current, updated), who, updated);
      changed();
      return { status: 200, body: updated };
    },
    remove(id: number, who: Actor): Outcome {
      const current = repo.get(id);
      if (!current || !repo.remove(id)) return notFound;
      audit("article.delete", who, current);
      changed();
      return { status: 200, body: { ok: true } };
    },
    revisions(id: number): Outcome {
      if (!repo.get(id)) return notFound;
      // Who saved each, by the name the team knows them by ("" is the site's own first copy).
      const names = staffNames(db);
      return {
        status: 200,
        body: revisions.list(id).map((r) => ({ ...r, savedBy: r.savedBy && names.of(r.savedBy) })),
      };
    },
    /** Two kept saves side by side: the fields that differ, and the content line by line. */
    compare(id: number, query: Record<string, string | undefined>): Outcome {
      const from = revisions.get(id, idOf(query.from ?? ""));
      const to = revisions.get(id, idOf(query.to ?? ""));
      if (!from || !to) return { status: 404, body: { error: ARTICLE_MESSAGES.revisionNotFound } };
      const fields = (["title", "slug", "description", "author", "tags", "published", "publishedAt"] as const)
        .filter((f) => JSON.stringify(from[f]) !== JSON.stringify(to[f]))
        .map((field) => ({ field, from: from[field], to: to[field] }));
      return { status: 200, body: { from, to, fields, lines: lineDiff(from.content, to.content) } };
    },
    /** A kept save becomes the article again; the restore is a save like any other, so it is kept too. */
    restore(id: number, revisionId: number, who: Actor): Outcome {
      const r = revisions.get(id, revisionId);
      if (!r) return { status: 404, body: { error: ARTICLE_MESSAGES.revisionNotFound } };
      const { title, slug, description, content, author, tags, published, publishedAt } = r;
      return this.update(
        id,
        { title, slug, description, content, author, tags, published, publishAt: publishedAt },
        who,
      );
    },
    preview(input: unknown): Outcome {
      const content =
        typeof input === "object" && input !== null && "content" in input && typeof input.content === "string"
          ? input.content
          : "";
      return {
        status: 200,
        body: { html: renderMarkdown(content), readingTime: readingTimeFor(wordsOf(content)) },
      };
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
    .post("/", (ctx) => send(ctx.set, service.create(ctx.body, who(ctx))))
    .post("/preview", ({ body, set }) => send(set, service.preview(body)))
    .get("/:id", ({ params, set }) => send(set, service.get(idOf(params.id))))
    .get("/:id/revisions", ({ params, set }) => send(set, service.revisions(idOf(params.id))))
    .get("/:id/revisions/compare", ({ params, query, set }) =>
      send(set, service.compare(idOf(params.id), query)),
    )
    .post("/:id/revisions/:revision/restore", (ctx) =>
      send(ctx.set, service.restore(idOf(ctx.params.id), idOf(ctx.params.revision), who(ctx))),
    )
    .patch("/:id", (ctx) => send(ctx.set, service.update(idOf(ctx.params.id), ctx.body, who(ctx))))
    .delete("/:id", (ctx) => send(ctx.set, service.remove(idOf(ctx.params.id), who(ctx))));
}
