import { sentFields } from "../../../contracts/admin-body";
import type { CaseStudyInput, StoredCaseStudy } from "../../../contracts/case-studies";
import { NotFoundError } from "../../../contracts/errors";
import type { Database } from "../../../db";
import { type Actor, auditBy } from "../../audit";
import { CASE_STUDY_MESSAGES } from "../model/case-studies";
import { changeEvent } from "../model/changes";
import type { CaseStudiesRepo, CaseStudyWrite } from "../repo/case-studies";

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

  /** A full set of fields as a row: first published now, unless it was before. */
  const prepare = (c: CaseStudyInput, current?: StoredCaseStudy): CaseStudyWrite => {
    return { ...c, publishedAt: current?.publishedAt ?? (c.published ? now().toISOString() : null) };
  };

  const audit = (event: string, who: Actor, c: StoredCaseStudy) =>
    auditBy(db, who, event, { caseStudyId: c.id, published: c.published }, now());

  return {
    list: () => repo.list(),
    get: (id: number | null): StoredCaseStudy => found(id),
    create(input: CaseStudyInput, who: Actor): StoredCaseStudy {
      const created = repo.create(prepare(input), now());
      audit("case_study.create", who, created);
      changed();
      return created;
    },
    update(id: number | null, change: Partial<CaseStudyInput>, who: Actor): StoredCaseStudy {
      const current = found(id);
      const { id: _id, publishedAt: _p, sample: _s, createdAt: _c, updatedAt: _u, ...fields } = current;
      const write = prepare({ ...fields, ...sentFields(change) }, current);
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

export type CaseStudyService = ReturnType<typeof caseStudyService>;
