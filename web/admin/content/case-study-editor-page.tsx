import { type FormEvent, useState } from "react";
import { CaseStudyInputSchema, type StoredCaseStudy } from "../../../src/contracts/case-studies";
import { adminCaseStudyPath, PATHS } from "../../../src/contracts/paths";
import { apiRequest } from "../../lib/api";
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
import { EditorActions, EditorHeading, EntryMissing, PublishedToggle } from "./editor-controls";

type Values = {
  title: string;
  category: string;
  description: string;
  challenge: string;
  approach: string;
  outcome: string;
  assetsRecovered: string;
  turnaroundDays: string;
  published: boolean;
};
const EMPTY: Values = {
  title: "",
  category: "",
  description: "",
  challenge: "",
  approach: "",
  outcome: "",
  assetsRecovered: "",
  turnaroundDays: "",
  published: false,
};
type TextKey = Exclude<keyof Values, "published">;

/** The body the API takes: empty optional fields are null, turnaround a number when it is one. */
const toBody = (v: Values) => ({
  ...v,
  assetsRecovered: v.assetsRecovered.trim() || null,
  turnaroundDays: v.turnaroundDays.trim() === "" ? null : Number(v.turnaroundDays),
});

const fromStored = (c: StoredCaseStudy): Values => ({
  title: c.title,
  category: c.category,
  description: c.description,
  challenge: c.challenge,
  approach: c.approach,
  outcome: c.outcome,
  published: c.published,
  assetsRecovered: c.assetsRecovered ?? "",
  turnaroundDays: c.turnaroundDays === null ? "" : String(c.turnaroundDays),
});

export function CaseStudyEditorPage({ params }: { params: RouteParams }) {
  const id = editorId(params);
  return <AdminFrame>{() => <CaseStudyEditor key={id ?? "new"} id={id} />}</AdminFrame>;
}

function CaseStudyEditor({ id }: { id: number | null }) {
  const [values, setValues] = useState<Values>(EMPTY);
  const { confirming, setConfirming, deleting, remove } = useDeleteEntity({
    noun: "Case Study",
    url: id === null ? null : `${ADMIN_API.caseStudies}/${id}`,
    title: values.title,
    listPath: PATHS.adminCaseStudies,
  });
  const { saved, setSaved, missing } = useStoredEntity<StoredCaseStudy>({
    noun: "Case Study",
    url: ADMIN_API.caseStudies,
    id,
    onLoad: (c) => setValues(fromStored(c)),
  });
  const draft = useUnsavedDraft({
    key: `case-study:${id ?? "new"}`,
    values,
    saved: id === null ? EMPTY : saved && fromStored(saved),
    onRestore: setValues,
  });
  const { errors, pending, save } = useSaveEntity<StoredCaseStudy>({
    noun: "Case Study",
    values: toBody(values),
    schema: CaseStudyInputSchema,
    id,
    pathOf: adminCaseStudyPath,
    onSaved: (study) => {
      draft.clear();
      setSaved(study);
    },
    savedText: (study) =>
      study.published
        ? "It is live on the Case Studies page now."
        : "Saved as a draft; visitors cannot see it until you publish it.",
  });

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    void save(e.currentTarget, () =>
      id === null
        ? apiRequest("POST", ADMIN_API.caseStudies, toBody(values))
        : apiRequest("PATCH", `${ADMIN_API.caseStudies}/${id}`, toBody(values)),
    );
  };

  if (missing) {
    return (
      <EntryMissing
        title="Case study not found"
        list={{ href: PATHS.adminCaseStudies, label: "All Case Studies" }}
      />
    );
  }

  const field = (
    key: TextKey,
    label: string,
    opts: { hint?: string; rows?: number; required?: boolean } = {},
  ) => {
    const common = {
      id: `case-${key}`,
      label,
      name: key,
      hint: opts.hint,
      required: opts.required ?? true,
      value: values[key],
      error: errors[key],
    };
    return opts.rows ? (
      <TextArea
        {...common}
        rows={opts.rows}
        onChange={(e) => setValues((v) => ({ ...v, [key]: e.target.value }))}
      />
    ) : (
      <TextField
        {...common}
        inputMode={key === "turnaroundDays" ? "numeric" : undefined}
        onChange={(e) => setValues((v) => ({ ...v, [key]: e.target.value }))}
      />
    );
  };

  return (
    <>
      <EditorHeading
        title={id === null ? "New Case Study" : "Edit Case Study"}
        list={{ href: PATHS.adminCaseStudies, label: "All Case Studies" }}
      />

      <DraftOffer offer={draft.offer} onRestore={draft.restore} onDiscard={draft.discard} />
      <form
        onSubmit={onSubmit}
        noValidate
        aria-label="Case study"
        className="mt-8 max-w-3xl space-y-5 rounded-xl border border-line bg-white p-6 shadow-sm"
      >
        {field("title", "Title")}
        {field("category", "Category", { hint: "For example: Family law, Probate, Judgment collection." })}
        {field("description", "Description", {
          rows: 2,
          hint: "One or two sentences summarizing the matter.",
        })}
        {field("challenge", "Challenge", { rows: 4 })}
        {field("approach", "Approach", { rows: 4 })}
        {field("outcome", "Outcome", { rows: 4 })}
        <div className="grid gap-5 sm:grid-cols-2">
          {field("assetsRecovered", "Assets recovered (optional)", {
            required: false,
            hint: "As you want it shown, e.g. $1.2M in real property.",
          })}
          {field("turnaroundDays", "Turnaround in days (optional)", {
            required: false,
            hint: "A whole number.",
          })}
        </div>
        <PublishedToggle
          idPrefix="case"
          checked={values.published}
          onChange={(checked) => setValues((v) => ({ ...v, published: checked }))}
          publishedAt={saved?.publishedAt}
          unpublishedHint={"Visible on the Case Studies page once saved with this ticked."}
        />
        <EditorActions
          pending={pending}
          saveLabel="Save Case Study"
          onDelete={id === null ? undefined : () => setConfirming(true)}
        />
      </form>

      <ConfirmDialog
        open={confirming}
        title="Delete this case study?"
        text={`"${values.title}" will be removed from the site and cannot be restored.`}
        confirmLabel="Delete Case Study"
        pending={deleting}
        onConfirm={remove}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}

export const caseStudyEditorPage = adminPage(
  CaseStudyEditorPage,
  editorHead(
    { title: "New Case Study", description: "Write a new case study." },
    { title: "Edit Case Study", description: "Change, publish or delete a case study." },
  ),
);
