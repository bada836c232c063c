import { type StoredTestimonial, TestimonialInputSchema } from "../../../src/contracts/firm";
import { adminTestimonialPath } from "../../../src/contracts/paths";
import type { RouteParams } from "../../routes";
import { editorId } from "../content";
import { AdminFrame } from "../shared/admin-frame";
import { adminPage, editorHead } from "../shared/admin-page";
import { ADMIN_API } from "../shared/admin-session";
import { TextArea } from "../shared/text-area";
import { TextField } from "../shared/text-field";
import { FirmEntryForm, type FirmEntryKind, OrderField, useFirmEntry } from "./firm-entry-editor";

type Values = { quote: string; attribution: string; context: string; order: string; published: boolean };

const TESTIMONIAL: FirmEntryKind<StoredTestimonial, Values> = {
  noun: "Testimonial",
  url: ADMIN_API.testimonials,
  empty: { quote: "", attribution: "", context: "", order: "0", published: false },
  valuesOf: (t) => ({
    quote: t.quote,
    attribution: t.attribution,
    context: t.context,
    order: String(t.order),
    published: t.published,
  }),
  schema: TestimonialInputSchema,
  pathOf: adminTestimonialPath,
  titleOf: (values) => values.attribution,
  publishedText: "It is on the About and home pages now.",
};

export function TestimonialEditorPage({ params }: { params: RouteParams }) {
  const id = editorId(params);
  return <AdminFrame>{() => <TestimonialEditor key={id ?? "new"} id={id} />}</AdminFrame>;
}

function TestimonialEditor({ id }: { id: number | null }) {
  const entry = useFirmEntry(TESTIMONIAL, id);
  const { values, errors, set } = entry;
  return (
    <FirmEntryForm kind={TESTIMONIAL} id={id} entry={entry}>
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
        <OrderField kind={TESTIMONIAL} entry={entry} />
      </div>
    </FirmEntryForm>
  );
}

export const testimonialEditorPage = adminPage(
  TestimonialEditorPage,
  editorHead(
    { title: "New Testimonial", description: "Add a client testimonial." },
    { title: "Edit Testimonial", description: "Change, publish or delete a testimonial." },
  ),
);
