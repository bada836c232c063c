import * as v from "valibot";
import { fieldMessages, sentFields } from "../../../contracts/admin-body";
import {
  ARTICLE_AUTHOR_MESSAGE,
  type ArticleInput,
  type PublishedArticle,
  type StoredArticle,
} from "../../../contracts/articles";
import { ConflictError, InvalidError, NotFoundError } from "../../../contracts/errors";
import type { FirmAuthor } from "../../../contracts/firm";
import { aboutPersonPath } from "../../../contracts/paths";
import { countWords, readingTimeFor } from "../../../contracts/reading-time";
import type { DataStore } from "../../../store";
import { type Actor, auditBy } from "../../audit";
import { staffNames } from "../../auth";
import type { FirmAuthors } from "../../firm";
import { lineDiff } from "../lib/line-diff";
import { ARTICLE_MESSAGES, ArticleBody, type ArticleListFilter } from "../model/articles";
import { changeEvent } from "../model/changes";
import type { ArticleRevisionsRepo } from "../repo/article-revisions";
import type { ArticlesRepo, ArticleWrite } from "../repo/articles";

/** markdown-it is loaded when an article is first rendered, not at the start (ADR 236). */
const markdown = (): typeof import("../lib/markdown") => require("../lib/markdown");

export const wordsOf = (source: string) => countWords([markdown().markdownText(source)]);

/**
 * Who an article is by, as the public sees it (ADR 269): the firm's person it names while they are published;
 * else its own author; else the firm. A person unpublished or deleted is never shown, nor linked to.
 */
export function authorOf(
  a: StoredArticle,
  brandName: string,
  authors: readonly FirmAuthor[],
): Pick<PublishedArticle, "author" | "authorPerson"> {
  const person = a.authorPersonId === null ? undefined : authors.find((p) => p.id === a.authorPersonId);
  if (!person) {
    // The site's own articles were stored without one: they read as written by the firm (migration 019).
    return { author: a.author || brandName };
  }
  const { id, name, role, credentials } = person;
  return { author: name, authorPerson: { name, role, credentials, path: aboutPersonPath(id) } };
}

export function toPublished(
  a: StoredArticle,
  brandName: string,
  authors: readonly FirmAuthor[],
): PublishedArticle {
  return {
    slug: a.slug,
    title: a.title,
    description: a.description,
    ...authorOf(a, brandName, authors),
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
  /** The firm's published people: the ones an article may name as its author. */
  authors: FirmAuthors;
  now: () => Date;
  /** Called after every change so public pages show it at once. */
  changed: () => void;
};

export function articleService({
  store,
  repo,
  revisions,
  brandName,
  authors,
  now,
  changed,
}: ArticleServiceDeps) {
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

  /** A full set of fields as a row, once its slug is free; `current` is the row being changed. */
  const prepare = (a: ArticleInput, current?: StoredArticle): ArticleWrite => {
    const holder = repo.bySlug(a.slug);
    if (holder && holder.id !== current?.id) throw new ConflictError(ARTICLE_MESSAGES.slugTaken, "slug");
    const authorPersonId =
      a.authorPersonId === undefined ? (current?.authorPersonId ?? null) : a.authorPersonId;
    // A new choice must be a published person; one made before the person was unpublished is kept (the page
    // falls back meanwhile), so that editing anything else is never refused for it.
    if (
      authorPersonId !== null &&
      authorPersonId !== current?.authorPersonId &&
      !authors().some((p) => p.id === authorPersonId)
    )
      throw new InvalidError({ authorPersonId: [ARTICLE_AUTHOR_MESSAGE] });
    return {
      slug: a.slug,
      title: a.title,
      description: a.description,
      content: a.content,
      author: a.author || brandName,
      authorPersonId,
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
    list: (filter: ArticleListFilter): StoredArticle[] => repo.list(filter),
    get: (id: number | null): StoredArticle => found(id),
    create(input: ArticleInput, who: Actor): StoredArticle {
      const created = repo.create(prepare(input), now());
      revisions.keep(created, who.username);
      audit("article.create", who, created);
      changed();
      return created;
    },
    update(id: number | null, change: Partial<ArticleInput>, who: Actor): StoredArticle {
      const current = found(id);
      const { title, slug, description, content, author, published, tags } = current;
      const write = prepare(
        { title, slug, description, content, author, published, tags, ...sentFields(change) },
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
    compare(id: number | null, fromId: number | null, toId: number | null) {
      const from = revisionOf(id, fromId);
      const to = revisionOf(id, toId);
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
      // A save kept before a rule was added is held to today's rules, as if the admin had typed it again.
      const again = v.safeParse(ArticleBody, {
        title,
        slug,
        description,
        content,
        author,
        tags,
        published,
        publishAt: publishedAt,
      });
      if (!again.success) throw new InvalidError(fieldMessages(again.issues));
      return this.update(id, again.output, who);
    },
    preview(content: string) {
      return { html: markdown().renderMarkdown(content), readingTime: readingTimeFor(wordsOf(content)) };
    },
  };
}

export type ArticleService = ReturnType<typeof articleService>;
