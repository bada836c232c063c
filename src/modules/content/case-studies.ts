import { Elysia } from "elysia";
import { type StoredCaseStudy, validateCaseStudy } from "../../contracts/case-studies";
import type { Database } from "../../db";
import { type Actor, auditBy } from "../../http/admin-http";
import type { Auth } from "../auth";
import { actorOf, changeEvent, idOf, type Outcome, patchOf, send } from "./admin-http";
import type { CaseStudiesRepo, CaseStudyWrite } from "./repo/case-studies";

export const CASE_STUDY_MESSAGES = { notFound: "No case study with that id." } as const;

export type CaseStudyServiceDeps = {
  db: Database;
  repo: CaseStudiesRepo;
  now: () => Date;
  changed: () => void;
};

export function caseStudyService({ db, repo, now, changed }: CaseStudyServiceDeps) {
  const notFound: Outcome = { status: 404, body: { error: CASE_STUDY_MESSAGES.notFound } };

  const prepare = (
    input: unknown,
    current?: StoredCaseStudy,
  ): { write: CaseStudyWrite } | { outcome: Outcome } => {
    const result = validateCaseStudy(input);
    if (!result.success) return { outcome: { status: 422, body: { errors: result.errors } } };
    const c = result.output;
    return {
      write: {
        ...c,
        publishedAt: current?.publishedAt ?? (c.published ? now().toISOString() : null),
      },
    };
  };

  const audit = (event: string, who: Actor, c: StoredCaseStudy) =>
    auditBy(db, who, event, { caseStudyId: c.id, published: c.published }, now());

  return {
    list: () => repo.list(),
    get(id: number): Outcome {
      const c = repo.get(id);
      return c ? { status: 200, body: c } : notFound;
    },
    create(input: unknown, who: Actor): Outcome {
      const p = prepare(input);
      if ("outcome" in p) return p.outcome;
      const created = repo.create(p.write, now());
      audit("case_study.create", who, created);
      changed();
      return { status: 201, body: created };
    },
    update(id: number, input: unknown, who: Actor): Outcome {
      const current = repo.get(id);
      if (!current) return notFound;
      const { id: _id, publishedAt: _p, sample: _s, createdAt: _c, updatedAt: _u, ...fields } = current;
      const p = prepare({ ...fields, ...patchOf(input) }, current);
      if ("outcome" in p) return p.outcome;
      const updated = repo.update(id, p.write, now());
      if (!updated) return notFound;
      const event = changeEvent("case_study", current, updated);
      audit(event, who, updated);
      changed();
      return { status: 200, body: updated };
    },
    remove(id: number, who: Actor): Outcome {
      const current = repo.get(id);
      if (!current || !repo.remove(id)) return notFound;
      audit("case_study.delete", who, current);
      changed();
      return { status: 200, body: { ok: true } };
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
    .post("/", (ctx) => send(ctx.set, service.create(ctx.body, who(ctx))))
    .get("/:id", ({ params, set }) => send(set, service.get(idOf(params.id))))
    .patch("/:id", (ctx) => send(ctx.set, service.update(idOf(ctx.params.id), ctx.body, who(ctx))))
    .delete("/:id", (ctx) => send(ctx.set, service.remove(idOf(ctx.params.id), who(ctx))));
}
