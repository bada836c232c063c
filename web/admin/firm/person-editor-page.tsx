import { type FormEvent, useState } from "react";
import {
  FIRM_MESSAGES,
  PersonInputSchema,
  PHOTO_ACCEPT,
  type StoredPerson,
} from "../../../src/contracts/firm";
import { adminPersonPath } from "../../../src/contracts/paths";
import { ApiError, apiForm, apiRequest } from "../../lib/api";
import { serverErrors, serverMessage } from "../../lib/api-errors";
import { toast } from "../../lib/toast-store";
import type { RouteParams } from "../../routes";
import { editorId } from "../content";
import { AdminFrame } from "../shared/admin-frame";
import { adminPage, editorHead } from "../shared/admin-page";
import { ADMIN_API } from "../shared/admin-session";
import { TextArea } from "../shared/text-area";
import { TextField } from "../shared/text-field";
import { FirmEntryForm, type FirmEntryKind, OrderField, useFirmEntry } from "./firm-entry-editor";

type Values = {
  name: string;
  role: string;
  credentials: string;
  bio: string;
  order: string;
  published: boolean;
};

const PERSON: FirmEntryKind<StoredPerson, Values> = {
  noun: "Person",
  url: ADMIN_API.people,
  empty: { name: "", role: "", credentials: "", bio: "", order: "0", published: false },
  valuesOf: (p) => ({
    name: p.name,
    role: p.role,
    credentials: p.credentials,
    bio: p.bio,
    order: String(p.order),
    published: p.published,
  }),
  schema: PersonInputSchema,
  pathOf: adminPersonPath,
  titleOf: (values) => values.name,
  publishedText: "They are on the About and home pages now.",
};

export function PersonEditorPage({ params }: { params: RouteParams }) {
  const id = editorId(params);
  return <AdminFrame>{() => <PersonEditor key={id ?? "new"} id={id} />}</AdminFrame>;
}

function PersonEditor({ id }: { id: number | null }) {
  const entry = useFirmEntry(PERSON, id);
  const { values, errors, set, saved, setSaved } = entry;
  return (
    <FirmEntryForm
      kind={PERSON}
      id={id}
      entry={entry}
      after={saved ? <PhotoForm person={saved} onChanged={setSaved} /> : null}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          id="person-name"
          name="name"
          label="Name"
          required
          value={values.name}
          error={errors.name}
          onChange={set("name")}
        />
        <TextField
          id="person-role"
          name="role"
          label="Role"
          hint="For example: Principal, Forensic Accountant."
          required
          value={values.role}
          error={errors.role}
          onChange={set("role")}
        />
      </div>
      <TextField
        id="person-credentials"
        name="credentials"
        label="Credentials (optional)"
        hint="As they sign, e.g. CPA, CFE, CAMS. Only credentials the person holds."
        value={values.credentials}
        error={errors.credentials}
        onChange={set("credentials")}
      />
      <TextArea
        id="person-bio"
        name="bio"
        label="Short bio (optional)"
        rows={4}
        value={values.bio}
        error={errors.bio}
        onChange={set("bio")}
      />
      <OrderField kind={PERSON} entry={entry} />
    </FirmEntryForm>
  );
}

/** The photo, once the person is saved: upload (typed by its bytes on the server) or remove. */
function PhotoForm({ person, onChanged }: { person: StoredPerson; onChanged: (p: StoredPerson) => void }) {
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);
  const url = `${ADMIN_API.people}/${person.id}/photo`;

  const send = async (make: () => Promise<Response>, done: string) => {
    setPending(true);
    try {
      onChanged((await (await make()).json()) as StoredPerson);
      setError(undefined);
      toast({ title: "Photo Saved", description: done });
    } catch (e) {
      const message =
        serverErrors(e)?.photo?.[0] ??
        (e instanceof ApiError && e.status === 413
          ? FIRM_MESSAGES.photoTooLarge
          : serverMessage(e, "Please try again."));
      setError(message);
      toast({ title: "Photo Not Saved", description: message, variant: "destructive" });
    } finally {
      setPending(false);
    }
  };

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const file = form.get("photo");
    if (!(file instanceof File) || file.size === 0) {
      setError(FIRM_MESSAGES.photoRequired);
      return;
    }
    void send(() => apiForm("PUT", url, form), "The new photo is saved.");
  };

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label="Photo"
      className="mt-8 max-w-3xl space-y-4 rounded-xl border border-line bg-white p-6 shadow-sm"
    >
      <h2 className="font-serif text-2xl font-bold text-navy">Photo</h2>
      {person.photo ? (
        <img src={person.photo} alt={person.name} className="h-40 w-32 object-cover" />
      ) : (
        <p className="text-ink-muted">No photo yet. The site shows the person without one.</p>
      )}
      <div>
        <label htmlFor="person-photo" className="block text-sm font-semibold text-ink">
          {person.photo ? "Replace photo" : "Upload a photo"}
        </label>
        <p id="person-photo-hint" className="mt-0.5 text-sm text-ink-muted">
          JPEG, PNG or WebP, at most 1.5 MB; a portrait about 800 × 1000 pixels shows best.
        </p>
        <input
          id="person-photo"
          name="photo"
          type="file"
          accept={PHOTO_ACCEPT}
          aria-describedby={error ? "person-photo-hint person-photo-error" : "person-photo-hint"}
          aria-invalid={error ? true : undefined}
          className="mt-2 block"
        />
        {error ? (
          <p id="person-photo-error" className="mt-1 text-sm font-medium text-danger">
            {error}
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-3">
        <button type="submit" disabled={pending} className="btn-navy disabled:opacity-70">
          {pending ? "Uploading..." : "Upload Photo"}
        </button>
        {person.photo ? (
          <button
            type="button"
            disabled={pending}
            onClick={() => void send(() => apiRequest("DELETE", url), "The photo is removed.")}
            className="btn-outline disabled:opacity-70"
          >
            Remove Photo
          </button>
        ) : null}
      </div>
    </form>
  );
}

export const personEditorPage = adminPage(
  PersonEditorPage,
  editorHead(
    { title: "New Person", description: "Add one of the firm's people." },
    { title: "Edit Person", description: "Change, publish or delete one of the firm's people." },
  ),
);
