import { useCallback, useEffect, useRef, useState } from "react";
import * as v from "valibot";
import { useLocation } from "wouter";
import { ApiError, apiRequest, getJson } from "../../lib/api";
import { type FieldMessages, serverErrors, serverMessage } from "../../lib/api-errors";
import { focusFirstInvalid } from "../../lib/focus-first-invalid";
import { toast } from "../../lib/toast-store";
import { failedToast } from "../shared/failed-toast";
import { fieldMessages, useFieldMessages } from "../shared/use-field-form";

/**
 * The delete flow the admin editors share: the caller opens the confirmation (setConfirming), `remove`
 * deletes, says so and returns to the list; on failure it closes the dialog, keeps the form and says why.
 */
export function useDeleteEntity(opts: { noun: string; url: string | null; title: string; listPath: string }) {
  const [, navigate] = useLocation();
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const remove = async () => {
    if (opts.url === null) return;
    setDeleting(true);
    try {
      await apiRequest("DELETE", opts.url);
      toast({ title: `${opts.noun} Deleted`, description: `"${opts.title}" is gone from the site.` });
      navigate(opts.listPath);
    } catch (error) {
      setDeleting(false);
      setConfirming(false);
      toast({
        title: `${opts.noun} Not Deleted`,
        description: serverMessage(error, "Please try again."),
        variant: "destructive",
      });
    }
  };
  return { confirming, setConfirming, deleting, remove };
}

/**
 * An admin list of one kind of content: loaded from `url` (with a query string when the list filters),
 * and the confirm-then-delete flow of its rows, which reloads the list afterwards.
 */
export function useAdminList<T extends { id: number; title: string }>(opts: {
  noun: string;
  plural: string;
  url: string;
}) {
  const { noun, plural, url } = opts;
  const [items, setItems] = useState<T[] | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const [pending, setPending] = useState(false);
  // The last query string, so a reload after a delete keeps the list's filters.
  const lastQuery = useRef("");

  const load = useCallback(
    async (search = lastQuery.current) => {
      lastQuery.current = search;
      try {
        setItems(await getJson<T[]>([search ? `${url}?${search}` : url]));
      } catch (error) {
        toast({
          title: `${plural} Not Loaded`,
          description: serverMessage(error, "Please reload the page."),
          variant: "destructive",
        });
      }
    },
    [url, plural],
  );

  const remove = async () => {
    if (!deleting) return;
    setPending(true);
    try {
      await apiRequest("DELETE", `${url}/${deleting.id}`);
      toast({ title: `${noun} Deleted`, description: `"${deleting.title}" is gone from the site.` });
      setDeleting(null);
      await load();
    } catch (error) {
      toast({
        title: `${noun} Not Deleted`,
        description: serverMessage(error, "Please try again."),
        variant: "destructive",
      });
    } finally {
      setPending(false);
    }
  };
  return { items, load, deleting, setDeleting, pending, remove };
}

/**
 * The stored entry an admin editor works on (none for a new one): fetched once per id, handed to `onLoad`
 * to fill the form; a 404 sets `missing`, any other failure says so in a toast.
 */
export function useStoredEntity<T>(opts: {
  noun: string;
  url: string;
  id: number | null;
  onLoad: (entry: T) => void;
}) {
  const [saved, setSaved] = useState<T | null>(null);
  const [missing, setMissing] = useState(false);
  const onLoad = useRef(opts.onLoad);
  onLoad.current = opts.onLoad;
  const { noun, url, id } = opts;
  useEffect(() => {
    if (id === null) return;
    getJson<T>([url, id]).then(
      (entry) => {
        setSaved(entry);
        onLoad.current(entry);
      },
      (error) => {
        if (error instanceof ApiError && error.status === 404) setMissing(true);
        else
          toast({
            title: `${noun} Not Loaded`,
            description: serverMessage(error, "Please reload the page."),
            variant: "destructive",
          });
      },
    );
  }, [noun, url, id]);
  return { saved, setSaved, missing };
}

/** The entry an editor route names: a numeric id, or null for ".../new". */
export const editorId = (params: { id?: string }): number | null =>
  params.id && /^\d+$/.test(params.id) ? Number(params.id) : null;

/**
 * The save flow the admin editors share: `save(form, send)` sends the form, and on success hands the stored
 * entry to `onSaved`, says so (`savedText`) and moves a new entry to its own address; on failure it shows the
 * field messages (the server's, or `moreErrors` for answers such as a file too large), focuses the first
 * field of the form, in the order they appear, that has one, and says why in a toast. A message goes once its
 * field, as `values` holds it (the body the API takes), is valid by the contract's `schema`.
 */
export function useSaveEntity<T extends { id: number }>(opts: {
  noun: string;
  values: object;
  schema: v.GenericSchema;
  id: number | null;
  pathOf: (id: number) => string;
  onSaved: (entry: T) => void;
  savedText: (entry: T) => string;
  moreErrors?: (error: unknown) => FieldMessages | undefined;
}) {
  const [, navigate] = useLocation();
  const [errors, setErrors] = useFieldMessages(opts.values, (values) =>
    fieldMessages(v.safeParse(opts.schema, values)),
  );
  const [pending, setPending] = useState(false);
  const save = async (form: HTMLFormElement, send: () => Promise<Response>) => {
    setPending(true);
    try {
      const entry = (await (await send()).json()) as T;
      setErrors({});
      opts.onSaved(entry);
      toast({ title: `${opts.noun} Saved`, description: opts.savedText(entry) });
      if (opts.id === null) navigate(opts.pathOf(entry.id), { replace: true });
    } catch (error) {
      const fields = serverErrors(error) ?? opts.moreErrors?.(error);
      if (fields) {
        setErrors(fields);
        focusFirstInvalid(form, fields);
      }
      failedToast(`${opts.noun} Not Saved`, fields, error);
    } finally {
      setPending(false);
    }
  };
  return { errors, setErrors, pending, save };
}
