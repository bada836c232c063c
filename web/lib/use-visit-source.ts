import { useEffect, useState } from "react";

// The key web/lib/visit-source.ts writes; not imported from there, so that file stays in the entry alone.
const VISIT_KEY = "tw-visit";

export type StoredVisitSource = { landingPage: string; referrerHost: string };

export function readVisitSource(): StoredVisitSource {
  try {
    const stored = JSON.parse(sessionStorage.getItem(VISIT_KEY) ?? "{}") as Partial<StoredVisitSource>;
    return {
      landingPage: typeof stored.landingPage === "string" ? stored.landingPage : "",
      referrerHost: typeof stored.referrerHost === "string" ? stored.referrerHost : "",
    };
  } catch {
    return { landingPage: "", referrerHost: "" };
  }
}

/** The visit's source for the intake form's hidden fields: empty while rendering on the server and hydrating. */
export function useVisitSource(): StoredVisitSource {
  const [source, setSource] = useState<StoredVisitSource>({ landingPage: "", referrerHost: "" });
  useEffect(() => setSource(readVisitSource()), []);
  return source;
}
