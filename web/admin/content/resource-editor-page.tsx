import { type FormEvent, useRef, useState } from "react";
import { DEFAULT_RESOURCE_CATEGORY } from "../../../src/contracts/constants";
import { adminResourcePath, PATHS } from "../../../src/contracts/paths";
import {
  MAX_UPLOAD_BYTES,
  ResourceInputSchema,
  type StoredResource,
  UPLOAD_ACCEPT,
} from "../../../src/contracts/resources";
import { ApiError, apiForm } from "../../lib/api";
import { focusFirstInvalid } from "../../lib/focus-first-invalid";
import type { RouteParams } from "../../routes";
import { AdminFrame } from "../shared/admin-frame";
import { adminPage, editorHead } from "../shared/admin-page";
import { ADMIN_API } from "../shared/admin-session";
import { ConfirmDialog } from "../shared/confirm-dialog";
import { DraftOffer } from "../shared/draft-offer";
import { CONTROL_CLASS, Field } from "../shared/field";
import { TextArea } from "../shared/text-area";
import { TextField } from "../shared/text-field";
import { useUnsavedDraft } from "../shared/use-unsaved-draft";
import { editorId, useDeleteEntity, useSaveEntity, useStoredEntity } from "./admin-editor";
import { EditorActions, EditorHeading, EntryMissing, PublishedToggle } from "./editor-controls";

type Values = { title: string; description: string; category: string; published: boolean };
const EMPTY: Values = { title: "", description: "", category: DEFAULT_RESOURCE_CATEGORY, published: false };
const TOO_LARGE = "The file is larger than 20 MB.";

const fromStored = (r: StoredResource): Values => ({
  title: r.title,
  description: r.description,
  category: r.category,
  published: r.published,
});

export function ResourceEditorPage({ params }: { params: RouteParams }) {
  const id = editorId(params);
  return <AdminFrame>{() => <ResourceEditor key={id ?? "new"} id={id} />}</AdminFrame>;
}

function ResourceEditor({ id }: { id: number | null }) {
  const [values, setValues] = useState<Values>(EMPTY);
  const { confirming, setConfirming, deleting, remove } = useDeleteEntity({
    noun: "Resource",
    url: id === null ? null : `${ADMIN_API.resources}/${id}`,
    title: values.title,
    listPath: PATHS.adminResources,
  });
  const [file, setFile] = useState<File | null>(null);
  const { saved, setSaved, missing } = useStoredEntity<StoredResource>({
    noun: "Resource",
    url: ADMIN_API.resources,
    id,
    onLoad: (r) => setValues(fromStored(r)),
  });
  const draft = useUnsavedDraft({
    key: `resource:${id ?? "new"}`,
    values,
    saved: id === null ? EMPTY : saved && fromStored(saved),
    onRestore: setValues,
  });
  const formRef = useRef<HTMLFormElement>(null);
  const { errors, setErrors, pending, save } = useSaveEntity<StoredResource>({
    noun: "Resource",
    values: values,
    schema: ResourceInputSchema,
    id,
    pathOf: adminResourcePath,
    onSaved: (resource) => {
      draft.clear();
      setSaved(resource);
      setFile(null);
      const input = formRef.current?.querySelector<HTMLInputElement>("#resource-file");
      if (input) input.value = "";
    },
    savedText: (resource) =>
      resource.published
        ? `${resource.format}, ${resource.size}: listed on the Resources page now.`
        : "Saved unpublished; visitors cannot download it.",
    moreErrors: (error) =>
      error instanceof ApiError && error.status === 413 ? { file: TOO_LARGE } : undefined,
  });

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const formElement = e.currentTarget;
    if (file && file.size > MAX_UPLOAD_BYTES) {
      setErrors({ file: TOO_LARGE });
      focusFirstInvalid(formElement, { file: TOO_LARGE });
      return;
    }
    const form = new FormData();
    form.set("title", values.title);
    form.set("description", values.description);
    form.set("category", values.category);
    form.set("published", String(values.published));
    if (file) form.set("file", file);
    void save(formElement, () =>
      apiForm(
        id === null ? "POST" : "PATCH",
        id === null ? ADMIN_API.resources : `${ADMIN_API.resources}/${id}`,
        form,
      ),
    );
  };

  if (missing) {
    return (
      <EntryMissing
        title="Resource not found"
        list={{ href: PATHS.adminResources, label: "All Resources" }}
      />
    );
  }

  return (
    <>
      <EditorHeading
        title={id === null ? "New Resource" : "Edit Resource"}
        list={{ href: PATHS.adminResources, label: "All Resources" }}
      />

      <DraftOffer offer={draft.offer} onRestore={draft.restore} onDiscard={draft.discard} />
      <form
        ref={formRef}
        onSubmit={onSubmit}
        noValidate
        aria-label="Resource"
        className="mt-8 max-w-3xl space-y-5 rounded-xl border border-line bg-white p-6 shadow-sm"
      >
        <TextField
          id="resource-title"
          label="Title"
          name="title"
          required
          value={values.title}
          onChange={(e) => setValues((v) => ({ ...v, title: e.target.value }))}
          error={errors.title}
        />
        <TextArea
          id="resource-description"
          label="Description"
          name="description"
          required
          rows={3}
          value={values.description}
          onChange={(e) => setValues((v) => ({ ...v, description: e.target.value }))}
          error={errors.description}
        />
        <TextField
          id="resource-category"
          label="Category"
          name="category"
          hint={`Leave as "${DEFAULT_RESOURCE_CATEGORY}" unless you group downloads.`}
          value={values.category}
          onChange={(e) => setValues((v) => ({ ...v, category: e.target.value }))}
          error={errors.category}
        />
        <Field
          id="resource-file"
          label={id === null ? "File" : "Replace the file (optional)"}
          hint={`PDF, Word (DOCX), Excel (XLSX) or CSV, up to 20 MB. The type is read from the file itself; format and size are filled in for you.${saved ? ` Current file: ${saved.format}, ${saved.size}.` : ""}`}
          error={errors.file}
        >
          {(control) => (
            <input
              {...control}
              type="file"
              name="file"
              accept={UPLOAD_ACCEPT}
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
              className={`${CONTROL_CLASS} min-h-11 file:mr-3 file:rounded file:border-0 file:bg-navy file:px-3 file:py-1.5 file:font-semibold file:text-white`}
            />
          )}
        </Field>
        <PublishedToggle
          idPrefix="resource"
          checked={values.published}
          onChange={(checked) => setValues((v) => ({ ...v, published: checked }))}
          unpublishedHint={"Listed on the Resources page and downloadable while ticked."}
        />
        <EditorActions
          pending={pending}
          saveLabel="Save Resource"
          onDelete={id === null ? undefined : () => setConfirming(true)}
        />
      </form>

      <ConfirmDialog
        open={confirming}
        title="Delete this resource?"
        text={`"${values.title}" will be removed from the Resources page. This cannot be undone.`}
        confirmLabel="Delete Resource"
        pending={deleting}
        onConfirm={remove}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}

export const resourceEditorPage = adminPage(
  ResourceEditorPage,
  editorHead(
    { title: "New Resource", description: "Upload a new downloadable resource." },
    { title: "Edit Resource", description: "Change, replace, publish or delete a resource." },
  ),
);
