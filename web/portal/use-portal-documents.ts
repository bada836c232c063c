import { useCallback, useEffect, useRef, useState } from "react";
import {
  cleanFileName,
  type DocumentView,
  PORTAL_DOCUMENTS_PATH,
  type PortalDocuments,
} from "../../src/contracts/documents";
import { apiAnswer } from "../lib/api";
import { type SendingFile, sendFile } from "./document-upload";

const NOT_STARTED = "The upload could not start. Check the connection, then choose the file again.";

export type Sending = {
  key: string;
  name: string;
  size: number;
  sent: number;
  state: "sending" | "done" | "failed";
  message?: string;
  refused?: boolean;
};

export type Loaded =
  | { kind: "loading" }
  | { kind: "error"; message: string }
  | ({ kind: "open" } & PortalDocuments);

async function load(): Promise<Loaded> {
  try {
    const a = await apiAnswer<Partial<PortalDocuments>>(
      "GET",
      PORTAL_DOCUMENTS_PATH,
      undefined,
      "Your files could not be loaded. Reload the page.",
    );
    if (!a.ok) return { kind: "error", message: a.error };
    if (!a.data.documents || !a.data.limits)
      return { kind: "error", message: "Your files could not be loaded. Reload the page." };
    return { kind: "open", documents: a.data.documents, limits: a.data.limits };
  } catch {
    return {
      kind: "error",
      message: "Your files could not be loaded. Check the connection and reload the page.",
    };
  }
}

/**
 * The engagement's files and the uploads this page has under way: each file sent by tus with its own progress
 * and retry, a removal said in words, and the lists as the section shows them (the report apart, a file still
 * on its way from this page shown with its bar only).
 */
export function usePortalDocuments() {
  const [loaded, setLoaded] = useState<Loaded>({ kind: "loading" });
  const [sending, setSending] = useState<Sending[]>([]);
  const [announce, setAnnounce] = useState("");
  const [refusal, setRefusal] = useState<string | null>(null);
  const uploads = useRef(new Map<string, SendingFile>());

  const refresh = useCallback(() => load().then(setLoaded), []);
  useEffect(() => {
    refresh();
  }, [refresh]);

  const update = (key: string, change: Partial<Sending>) =>
    setSending((all) => all.map((s) => (s.key === key ? { ...s, ...change } : s)));

  const send = async (files: File[]) => {
    for (const file of files) {
      const key = `${Date.now()}-${Math.random().toString(36).slice(2)}`;
      // Shown as the server will list it: no control or bidi characters to disguise what it is.
      const name = cleanFileName(file.name) || file.name;
      setSending((all) => [...all, { key, name, size: file.size, sent: 0, state: "sending" }]);
      let upload: SendingFile;
      try {
        upload = await sendFile(file, {
          onProgress: (sent) => update(key, { sent }),
          onDone: () => {
            update(key, { sent: file.size, state: "done", message: undefined });
            setAnnounce(`${name} was sent.`);
            refresh();
          },
          onFailed: ({ message, refused }) => {
            update(key, { state: "failed", message, refused });
            setAnnounce(`${name} was not sent. ${message}`);
            if (refused) uploads.current.delete(key);
            refresh();
          },
        });
      } catch {
        // The uploader itself could not be loaded (the connection dropped before the first byte).
        update(key, { state: "failed", refused: true, message: NOT_STARTED });
        continue;
      }
      uploads.current.set(key, upload);
      upload.start();
    }
  };

  const retry = (key: string) => {
    const upload = uploads.current.get(key);
    if (!upload) return;
    update(key, { state: "sending", message: undefined });
    upload.start();
  };

  const dismiss = (key: string) => {
    uploads.current.delete(key);
    setSending((all) => all.filter((s) => s.key !== key));
  };

  const remove = async (doc: DocumentView) => {
    const a = await apiAnswer(
      "DELETE",
      `${PORTAL_DOCUMENTS_PATH}/${doc.id}`,
      undefined,
      `${doc.name} could not be removed.`,
    );
    if (a.ok) {
      setRefusal(null);
      setAnnounce(`${doc.name} was removed.`);
    } else setRefusal(a.error);
    refresh();
  };

  const docs = loaded.kind === "open" ? loaded.documents : [];
  const reports = docs.filter((d) => d.direction === "firm" && d.reportAt);
  // A file still on its way from this page is shown with its bar, not also as an unfinished file.
  const onTheWay = new Set(
    sending.filter((s) => s.state !== "done").map((s) => uploads.current.get(s.key)?.id()),
  );
  const fromClient = docs.filter(
    (d) => d.direction === "client" && (d.completedAt !== null || !onTheWay.has(d.id)),
  );
  const fromFirm = docs.filter((d) => d.direction === "firm" && !d.reportAt && d.completedAt);

  return { loaded, sending, announce, refusal, reports, fromClient, fromFirm, send, retry, dismiss, remove };
}
