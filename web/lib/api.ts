/**
 * The one browser API client: JSON bodies, cookies included, no retries. A non-OK response throws an
 * ApiError whose message is "<status>: <body text or status text>" (SPEC.md section 8).
 */
export class ApiError extends Error {
  override name = "ApiError";
  constructor(
    readonly status: number,
    readonly body: string,
    statusText: string,
  ) {
    super(`${status}: ${body || statusText}`);
  }

  /** The parsed JSON body, when the server sent JSON. */
  json<T = unknown>(): T | undefined {
    try {
      return JSON.parse(this.body) as T;
    } catch {
      return undefined;
    }
  }
}

async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = await res.text();
  throw new ApiError(res.status, text, res.statusText);
}

const acceptedListeners = new Set<() => void>();

/**
 * Told after every change the server accepted (any request but a GET that answered 2xx), whichever screen or panel
 * made it: a page whose panels show what changed reads them again, so none of them is left stale (issue 44).
 * Answers the way to stop listening.
 */
export function onAcceptedChange(listener: () => void): () => void {
  acceptedListeners.add(listener);
  return () => acceptedListeners.delete(listener);
}

function accepted(method: string, ok: boolean) {
  if (!ok || method === "GET" || method === "HEAD") return;
  for (const listener of acceptedListeners) listener();
}

export async function apiRequest(method: string, url: string, data?: unknown): Promise<Response> {
  const res = await fetch(url, {
    method,
    headers:
      data === undefined
        ? { accept: "application/json" }
        : { "content-type": "application/json", accept: "application/json" },
    body: data === undefined ? undefined : JSON.stringify(data),
    credentials: "include",
  });
  await throwIfNotOk(res);
  accepted(method, res.ok);
  return res;
}

/** A multipart form (file uploads): the browser sets the boundary; errors throw like apiRequest. */
export async function apiForm(method: string, url: string, form: FormData): Promise<Response> {
  const res = await fetch(url, {
    method,
    headers: { accept: "application/json" },
    body: form,
    credentials: "include",
  });
  await throwIfNotOk(res);
  accepted(method, res.ok);
  return res;
}

/** GET for a query key: the segments joined with slashes form the URL. */
export async function getJson<T>(key: readonly (string | number)[]): Promise<T> {
  const res = await apiRequest("GET", key.join("/"));
  return (await res.json()) as T;
}

/**
 * A call's outcome for a screen that says the server's words rather than catching: the data, or the status with
 * the server's message (its `error`, else its first field message, else the fallback) and its field messages.
 * A 401 is such an answer too, so each screen shows its own way back in. A lost connection still throws.
 */
export type Answer<T> =
  | { ok: true; data: T }
  | { ok: false; status: number; error: string; fields?: Record<string, string[]> };

export async function apiAnswer<T>(
  method: string,
  url: string,
  data?: unknown,
  fallback = "Something went wrong.",
): Promise<Answer<T>> {
  try {
    const res = await apiRequest(method, url, data);
    return { ok: true, data: (await res.json().catch(() => ({}))) as T };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const body = error.json<{ error?: string; errors?: Record<string, string[]> }>() ?? {};
    const fields = body.errors;
    const first = fields ? Object.values(fields).flat()[0] : undefined;
    return { ok: false, status: error.status, error: body.error ?? first ?? fallback, fields };
  }
}

/**
 * One file POSTed as the raw body, with its progress as it leaves (a fetch cannot report it). Resolves with
 * the status and the body's text, never throws: a lost connection is status 0. Resumable uploads are tus's.
 */
export function apiSendFile(
  url: string,
  file: File,
  headers: Record<string, string>,
  onProgress: (sent: number) => void,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.setRequestHeader("accept", "application/json");
    xhr.setRequestHeader("content-type", "application/octet-stream");
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (ev) => onProgress(ev.loaded);
    xhr.onload = () => {
      accepted("POST", xhr.status >= 200 && xhr.status < 300);
      resolve({ status: xhr.status, body: xhr.responseText });
    };
    xhr.onerror = () => resolve({ status: 0, body: "" });
    xhr.send(file);
  });
}
