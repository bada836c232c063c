import { type FormEvent, type ReactNode, useState } from "react";
import type * as v from "valibot";
import { PATHS } from "../../../src/contracts/paths";
import { apiRequest } from "../../lib/api";
import {
  EditorActions,
  EditorHeading,
  EntryMissing,
  PublishedToggle,
  useDeleteEntity,
  useSaveEntity,
  useStoredEntity,
} from "../content";
import { ConfirmDialog } from "../shared/confirm-dialog";
import { TextField } from "../shared/text-field";

const LIST = { href: PATHS.adminFirm, label: "People & Testimonials" };

type Stored = { id: number; published: boolean };
type Values = { order: string; published: boolean };

/**
 * What one kind of the firm's entries (its people, its testimonials) brings to the editor: the fields differ,
 * while loading, saving, publishing and deleting work the same way for both.
 */
export type FirmEntryKind<S extends Stored, V extends Values> = {
  /** "Person", "Testimonial": in titles, buttons and messages. */
  noun: string;
  url: string;
  empty: V;
  valuesOf: (stored: S) => V;
  schema: v.GenericSchema;
  pathOf: (id: number) => string;
  /** How the entry is named in the delete confirmation. */
  titleOf: (values: V) => string;
  /** The message once saved published (a draft's message is the same for every kind). */
  publishedText: string;
};

/** An entry's editing state: its values, their messages, the save and the delete. */
export function useFirmEntry<S extends Stored, V extends Values>(
  kind: FirmEntryKind<S, V>,
  id: number | null,
) {
  const [values, setValues] = useState<V>(kind.empty);
  const deletion = useDeleteEntity({
    noun: kind.noun,
    url: id === null ? null : `${kind.url}/${id}`,
    title: kind.titleOf(values),
    listPath: PATHS.adminFirm,
  });
  const { saved, setSaved, missing } = useStoredEntity<S>({
    noun: kind.noun,
    url: kind.url,
    id,
    onLoad: (stored) => setValues(kind.valuesOf(stored)),
  });
  const { errors, pending, save } = useSaveEntity<S>({
    noun: kind.noun,
    values: { ...values, order: Number(values.order) },
    schema: kind.schema,
    id,
    pathOf: kind.pathOf,
    onSaved: setSaved,
    savedText: (stored) =>
      stored.published
        ? kind.publishedText
        : "Saved as a draft; visitors cannot see it until you publish it.",
  });

  // An emptied order field means "first", as the hint's range starts at 0.
  const body = () => ({ ...values, order: values.order.trim() === "" ? 0 : Number(values.order) });
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    void save(e.currentTarget, () =>
      id === null ? apiRequest("POST", kind.url, body()) : apiRequest("PATCH", `${kind.url}/${id}`, body()),
    );
  };
  const set = (key: keyof V) => (e: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [key]: e.target.value }));

  return { values, setValues, set, errors, pending, onSubmit, saved, setSaved, missing, deletion };
}

export type FirmEntry<S extends Stored, V extends Values> = ReturnType<typeof useFirmEntry<S, V>>;

/**
 * The editor around an entry's own fields: heading, the form with publish and save, the delete confirmation,
 * and `after` for what follows the form once saved (a person's photo).
 */
export function FirmEntryForm<S extends Stored, V extends Values>(props: {
  kind: FirmEntryKind<S, V>;
  id: number | null;
  entry: FirmEntry<S, V>;
  children: ReactNode;
  after?: ReactNode;
}) {
  const { kind, id, entry } = props;
  const noun = kind.noun.toLowerCase();
  if (entry.missing) return <EntryMissing title={`${kind.noun} not found`} list={LIST} />;
  return (
    <>
      <EditorHeading title={id === null ? `New ${kind.noun}` : `Edit ${kind.noun}`} list={LIST} />
      <form
        onSubmit={entry.onSubmit}
        noValidate
        aria-label={kind.noun}
        className="mt-8 max-w-3xl space-y-5 rounded-xl border border-line bg-white p-6 shadow-sm"
      >
        {props.children}
        <PublishedToggle
          idPrefix={noun}
          checked={entry.values.published}
          onChange={(checked) => entry.setValues((current) => ({ ...current, published: checked }))}
          unpublishedHint="Shown on the About and home pages once saved with this ticked."
        />
        <EditorActions
          pending={entry.pending}
          saveLabel={`Save ${kind.noun}`}
          onDelete={id === null ? undefined : () => entry.deletion.setConfirming(true)}
        />
      </form>
      {props.after}
      <ConfirmDialog
        open={entry.deletion.confirming}
        title={`Delete this ${noun}?`}
        text={`"${kind.titleOf(entry.values)}" will be removed from the site and cannot be restored.`}
        confirmLabel={`Delete ${kind.noun}`}
        pending={entry.deletion.deleting}
        onConfirm={entry.deletion.remove}
        onCancel={() => entry.deletion.setConfirming(false)}
      />
    </>
  );
}

/** Where the entry stands among its kind on the public pages. */
export function OrderField<S extends Stored, V extends Values>(props: {
  kind: FirmEntryKind<S, V>;
  entry: FirmEntry<S, V>;
}) {
  const { entry } = props;
  return (
    <TextField
      id={`${props.kind.noun.toLowerCase()}-order`}
      name="order"
      label="Order"
      hint="Lower numbers come first (0 to 999)."
      inputMode="numeric"
      value={entry.values.order}
      error={entry.errors.order}
      onChange={entry.set("order")}
    />
  );
}
