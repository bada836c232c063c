import { useEffect, useState } from "react";
import { bylineOf } from "../../../src/contracts/articles";
import type { StoredPerson } from "../../../src/contracts/firm";
import { aboutPersonPath } from "../../../src/contracts/paths";
import { getJson } from "../../lib/api";
import { ADMIN_API } from "../shared/admin-session";
import { CONTROL_CLASS, Field } from "../shared/field";

/**
 * The article's author: one of the firm's published people (ADR 269), or none (then the name typed below, else the
 * firm). A person chosen before they were unpublished stays listed as such, so the choice shown is the one stored.
 */
export function ArticleAuthorField({
  personId,
  onChange,
  error,
  fallback,
}: {
  personId: number | null;
  onChange: (id: number | null) => void;
  error?: string;
  /** What the page shows when no person is chosen: the name typed, else the firm's. */
  fallback: string;
}) {
  const [people, setPeople] = useState<StoredPerson[] | null>(null);
  useEffect(() => {
    let live = true;
    getJson<StoredPerson[]>([ADMIN_API.people]).then(
      (list) => live && setPeople(list),
      () => live && setPeople([]),
    );
    return () => {
      live = false;
    };
  }, []);
  const listed = (people ?? []).filter((p) => p.published || p.id === personId);
  const hint = people?.every((p) => !p.published)
    ? "The firm has no published people yet: publish them on People & Testimonials to name one here."
    : "One of the firm's published people: the page names them with their role and credentials and links to them on About.";
  return (
    <Field id="article-author-person" label="Author" hint={hint} error={error}>
      {(control) => (
        <select
          {...control}
          name="authorPersonId"
          value={personId === null ? "" : String(personId)}
          onChange={(e) => onChange(e.target.value === "" ? null : Number(e.target.value))}
          className={`${CONTROL_CLASS} min-h-11`}
        >
          <option value="">No one named: {fallback}</option>
          {listed.map((p) => (
            <option key={p.id} value={p.id}>
              {bylineOf({ authorPerson: { ...p, path: aboutPersonPath(p.id) } })}
              {p.published ? "" : " (not published: the page shows the name below)"}
            </option>
          ))}
          {/* A stored choice the list has not loaded (or no longer holds) still shows as chosen. */}
          {personId !== null && !listed.some((p) => p.id === personId) ? (
            <option value={personId}>
              {people ? "A person no longer listed" : "Loading the firm's people..."}
            </option>
          ) : null}
        </select>
      )}
    </Field>
  );
}
