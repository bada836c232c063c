import { type FormEvent, useEffect, useState } from "react";
import {
  DOCUMENT_REQUEST_TEMPLATES_API,
  type TemplateItem,
  type TemplateView,
} from "../../../src/contracts/document-requests";
import { apiAnswer } from "../../lib/api";
import { toast } from "../../lib/toast-store";
import { AdminFrame } from "../shared/admin-frame";
import { adminPage } from "../shared/admin-page";
import { ListDraft } from "./list-draft";

type DraftTemplateItem = TemplateItem & { key: string };
let next = 0;
const keyed = (item: Partial<TemplateItem> = {}): DraftTemplateItem => ({
  key: `t-${next++}`,
  title: "",
  description: "",
  period: "",
  dueInDays: null,
  required: true,
  ...item,
});

/**
 * The firm's document request templates, one per service: the items a request's list starts from, each with what
 * is asked, its period and how many business days the client has. Saved a service at a time.
 */
export function DocumentTemplatesPage() {
  const [templates, setTemplates] = useState<TemplateView[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    apiAnswer<{ templates: TemplateView[] }>("GET", DOCUMENT_REQUEST_TEMPLATES_API).then((a) => {
      if (a.ok) setTemplates(a.data.templates);
      else setFailed(true);
    });
  }, []);
  return (
    <AdminFrame>
      {() => (
        <>
          <p className="eyebrow">Settings</p>
          <h1 className="mt-2 font-serif text-3xl font-bold text-navy sm:text-4xl">Document templates</h1>
          <p className="mt-3 max-w-2xl text-ink-muted">
            What a request's list of documents starts from, for each service. Staff edit the list on the
            request before it is sent; a change here applies to the lists made after it.
          </p>
          {failed && (
            <p className="mt-6 text-ink-muted">The templates could not be loaded. Reload the page.</p>
          )}
          {!templates && !failed && <p className="mt-6 text-ink-muted">Loading the templates...</p>}
          <div className="mt-8 grid max-w-3xl gap-6">
            {templates?.map((t) => (
              <TemplateEditor key={t.service} template={t} />
            ))}
          </div>
        </>
      )}
    </AdminFrame>
  );
}

function TemplateEditor({ template }: { template: TemplateView }) {
  const [items, setItems] = useState(() => template.items.map((i) => keyed(i)));
  const [fields, setFields] = useState<Record<string, string[]> | undefined>();
  const [busy, setBusy] = useState(false);
  const titleId = `template-${template.service}`;
  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const a = await apiAnswer<{ template: TemplateView }>(
      "PUT",
      `${DOCUMENT_REQUEST_TEMPLATES_API}/${template.service}`,
      { items: items.map(({ key: _, ...i }) => i) },
    );
    setBusy(false);
    if (!a.ok) {
      setFields(a.fields);
      toast({ title: "Template Not Saved", description: a.error, variant: "destructive" });
      return;
    }
    setFields(undefined);
    setItems(a.data.template.items.map((i) => keyed(i)));
    toast({
      title: "Template Saved",
      description: `${template.name}: ${a.data.template.items.length} items.`,
    });
  };
  return (
    <section aria-labelledby={titleId} className="rounded-xl border border-line bg-white p-6 shadow-sm">
      <h2 id={titleId} className="font-serif text-xl font-bold text-navy">
        {template.name}
      </h2>
      <form onSubmit={save} className="mt-3 space-y-3">
        <ListDraft
          items={items}
          onChange={setItems}
          fields={fields}
          fieldPrefix="items"
          blank={() => keyed()}
          due={(item, set, id) => (
            <>
              <label htmlFor={id} className="block text-sm font-semibold text-ink">
                Business days to the due date
              </label>
              <input
                id={id}
                type="number"
                min={0}
                max={365}
                inputMode="numeric"
                className="mt-1 block min-h-11 w-full rounded-md border border-ink-muted bg-white px-3 py-2 text-base text-ink focus:border-navy"
                value={item.dueInDays ?? ""}
                onChange={(e) => {
                  const raw = e.currentTarget.value;
                  set({ dueInDays: raw === "" ? null : Number(raw) });
                }}
              />
            </>
          )}
        />
        <button type="submit" className="btn-navy min-h-11" disabled={busy}>
          Save {template.name}
        </button>
      </form>
    </section>
  );
}

export const documentTemplatesPage = adminPage(DocumentTemplatesPage, {
  title: "Document templates",
  description: "The lists of documents each service starts from.",
});
