import { type FormEvent, useRef, useState } from "react";
import { type StoredTestimonial, TestimonialInputSchema } from "../../../src/contracts/firm";
import { apiRequest } from "../../lib/api";
import { adminTestimonialPath, PATHS } from "../../lib/paths";
import type { RouteParams } from "../../routes";
import { editorId, useDeleteEntity, useSaveEntity, useStoredEntity } from "../content/admin-editor";
import { EditorActions, EditorHeading, EntryMissing, PublishedToggle } from "../content/editor-controls";
import { AdminFrame } from "../shared/admin-frame";
import { adminPage, editorHead } from "../shared/admin-page";
import { ADMIN_API } from "../shared/admin-session";
import { ConfirmDialog } from "../shared/confirm-dialog";
import { TextArea } from "../shared/text-area";
import { TextField } from "../shared/text-field";

type Values = { quote: string; attribution: string; context: string; order: string; published: boolean };
const EMPTY: Values = { quote: "", attribution: "", context: "", order: "0", published: false };
const LIST = { href: PATHS.adminFirm, label: "People & Testimonials" };

export function TestimonialEditorPage({ params }: { params: RouteParams }) {
  const id = editorId(params);
  return <AdminFrame>{() => <TestimonialEditor key={id ?? "new"} id={id} />}</AdminFrame>;
}

function TestimonialEditor({ id }: { id: number | null }) {
  const [values, setValues] = useState<Values>(EMPTY);
  const { confirming, setConfirming, deleting, remove } = useDeleteEntity({
    noun: "Testimonial",
    url: id === null ? null : `${ADMIN_API.testimonials}/${id}`,
    title: values.attribution,
    listPath: PATHS.adminFirm,
  });
  const { missing } = useStoredEntity<StoredTestimonial>({
    noun: "Testimonial",
    url: ADMIN_API.testimonials,
    id,
    onLoad: (t) =>
      setValues({
        quote: t.quote,
        attribution: t.attribution,
        context: t.context,
        order: String(t.order),
        published: t.published,
      }),
  });
  const formRef = useRef<HTMLFormElement>(null);
  const { errors, pending, save } = useSaveEntity<StoredTestimonial>({
    noun: "Testimonial",
    values: { ...values, order: Number(values.order) },
    schema: TestimonialInputSchema,
    id,
    pathOf: adminTestimonialPath,
    onSaved: () => undefined,
    savedText: (t) =>
      t.published
        ? "It is on the About and home pages now."
        : "Saved as a draft; visitors cannot see it until you publish it.",
  });

  const body = () => ({ ...values, order: values.order.trim() === "" ? 0 : Number(values.order) });
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    void save(e.currentTarget, () =>
      id === null
        ? apiRequest("POST", ADMIN_API.testimonials, body())
        : apiRequest("PATCH", `${ADMIN_API.testimonials}/${id}`, body()),
    );
  };

  if (missing) return <EntryMissing title="Testimonial not found" list={LIST} />;

  const set = (key: keyof Values) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: e.target.value }));

  return (
    <>
      <EditorHeading title={id === null ? "New Testimonial" : "Edit Testimonial"} list={LIST} />
      <form
        ref={formRef}
        onSubmit={onSubmit}
        noValidate
        aria-label="Testimonial"
        className="mt-8 max-w-3xl space-y-5 rounded-xl border border-line bg-white p-6 shadow-sm"
      >
        <TextArea
          id="testimonial-quote"
          name="quote"
          label="Quote"
          hint="In the client's words, as they agreed to have it shown. No names of parties or account details."
          rows={4}
          required
          value={values.quote}
          error={errors.quote}
          onChange={set("quote")}
        />
        <TextField
          id="testimonial-attribution"
          name="attribution"
          label="Attribution"
          hint="As the client agreed to be named, e.g. Family-law partner, Dallas."
          required
          value={values.attribution}
          error={errors.attribution}
          onChange={set("attribution")}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            id="testimonial-context"
            name="context"
            label="Matter (optional)"
            hint="The kind of matter, e.g. Divorce, undisclosed real estate."
            value={values.context}
            error={errors.context}
            onChange={set("context")}
          />
          <TextField
            id="testimonial-order"
            name="order"
            label="Order"
            hint="Lower numbers come first (0 to 999)."
            inputMode="numeric"
            value={values.order}
            error={errors.order}
            onChange={set("order")}
          />
        </div>
        <PublishedToggle
          idPrefix="testimonial"
          checked={values.published}
          onChange={(checked) => setValues((v) => ({ ...v, published: checked }))}
          unpublishedHint="Shown on the About and home pages once saved with this ticked."
        />
        <EditorActions
          pending={pending}
          saveLabel="Save Testimonial"
          onDelete={id === null ? undefined : () => setConfirming(true)}
        />
      </form>
      <ConfirmDialog
        open={confirming}
        title="Delete this testimonial?"
        text={`"${values.attribution}" will be removed from the site and cannot be restored.`}
        confirmLabel="Delete Testimonial"
        pending={deleting}
        onConfirm={remove}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}

export const testimonialEditorPage = adminPage(
  TestimonialEditorPage,
  editorHead(
    { title: "New Testimonial", description: "Add a client testimonial." },
    { title: "Edit Testimonial", description: "Change, publish or delete a testimonial." },
  ),
);
