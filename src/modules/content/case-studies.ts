import { Elysia } from "elysia";
import { type StoredCaseStudy, validateCaseStudy } from "../../contracts/case-studies";
import type { Database } from "../../db";
import { type Actor, auditBy, parseId } from "../../http/admin-http";
import { type FieldMessages, InvalidError, NotFoundError } from "../../http/errors";
import type { Auth } from "../auth";
import { actorOf, changeEvent, patchOf } from "./admin-http";
import type { CaseStudiesRepo, CaseStudyWrite } from "./repo/case-studies";

export const CASE_STUDY_MESSAGES = { notFound: "No case study with that id." } as const;

export type CaseStudyServiceDeps = {
  db: Database;
  repo: CaseStudiesRepo;
  now: () => Date;
  changed: () => void;
};

export function caseStudyService({ db, repo, now, changed }: CaseStudyServiceDeps) {
  /** The case study a path id names (null names none). */
  const found = (id: number | null): StoredCaseStudy => {
    const c = id === null ? undefined : repo.get(id);
    if (!c) throw new NotFoundError(CASE_STUDY_MESSAGES.notFound);
    return c;
  };

  const prepare = (input: unknown, current?: StoredCaseStudy): CaseStudyWrite => {
    const result = validateCaseStudy(input);
    if (!result.success) throw new InvalidError(result.errors as FieldMessages);
    const c = result.output;
    return { ...c, publishedAt: current?.publishedAt ?? (c.published ? now().toISOString() : null) };
  };

  const audit = (event: string, who: Actor, c: StoredCaseStudy) =>
    auditBy(db, who, event, { caseStudyId: c.id, published: c.published }, now());

  return {
    list: () => repo.list(),
    get: (id: number | null): StoredCaseStudy => found(id),
    create(input: unknown, who: Actor): StoredCaseStudy {
      const created = repo.create(prepare(input), now());
      audit("case_study.create", who, created);
      changed();
      return created;
    },
    update(id: number | null, input: unknown, who: Actor): StoredCaseStudy {
      const current = found(id);
      const { id: _id, publishedAt: _p, sample: _s, createdAt: _c, updatedAt: _u, ...fields } = current;
      const write = prepare({ ...fields, ...patchOf(input) }, current);
      const updated = repo.update(current.id, write, now());
      if (!updated) throw new NotFoundError(CASE_STUDY_MESSAGES.notFound);
      const event = changeEvent("case_study", current, updated);
      audit(event, who, updated);
      changed();
      return updated;
    },
    remove(id: number | null, who: Actor): { ok: true } {
      const current = found(id);
      if (!repo.remove(current.id)) throw new NotFoundError(CASE_STUDY_MESSAGES.notFound);
      audit("case_study.delete", who, current);
      changed();
      return { ok: true };
    },
  };
}

/** /api/admin/case-studies: list, create, read, change, delete. */
export function caseStudiesController(
  service: ReturnType<typeof caseStudyService>,
  requireAdmin: Auth["requireAdmin"],
  trustProxy: boolean,
) {
  const who = actorOf(trustProxy);
  return new Elysia({ name: "admin-case-studies", prefix: "/api/admin/case-studies" })
    .use(requireAdmin)
    .get("/", () => service.list())
    .post("/", (ctx) => {
      const created = service.create(ctx.body, who(ctx));
      ctx.set.status = 201;
      return created;
    })
    .get("/:id", ({ params }) => service.get(parseId(params.id)))
    .patch("/:id", (ctx) => service.update(parseId(ctx.params.id), ctx.body, who(ctx)))
    .delete("/:id", (ctx) => service.remove(parseId(ctx.params.id), who(ctx)));
}
