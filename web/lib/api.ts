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
  return res;
}

/** GET for a query key: the segments joined with slashes form the URL. */
export async function getJson<T>(key: readonly (string | number)[]): Promise<T> {
  const res = await apiRequest("GET", key.join("/"));
  return (await res.json()) as T;
}
