import { useEffect, useState } from "react";

/**
 * Where this visit began, without cookies (issue 12, section 6): the first page seen on this site and the host
 * of the site that sent the visitor, kept in sessionStorage for the tab's life. The intake form sends them in
 * two hidden fields; the server keeps only a path of this site and another site's host name.
 */
const KEY = "tw-visit";

type Stored = { landingPage: string; referrerHost: string };

/** Called on every full page load: the first one of the visit is remembered, later ones change nothing. */
export function rememberVisitSource(): void {
  try {
    if (sessionStorage.getItem(KEY) !== null) return;
    let referrerHost = "";
    if (document.referrer) {
      const from = new URL(document.referrer);
      if (/^https?:$/.test(from.protocol) && from.host !== location.host) referrerHost = from.hostname;
    }
    const stored: Stored = { landingPage: location.pathname, referrerHost };
    sessionStorage.setItem(KEY, JSON.stringify(stored));
  } catch {
    // Storage off or a referrer that is not a URL: the request simply carries no source.
  }
}

export function readVisitSource(): Stored {
  try {
    const stored = JSON.parse(sessionStorage.getItem(KEY) ?? "{}") as Partial<Stored>;
    return {
      landingPage: typeof stored.landingPage === "string" ? stored.landingPage : "",
      referrerHost: typeof stored.referrerHost === "string" ? stored.referrerHost : "",
    };
  } catch {
    return { landingPage: "", referrerHost: "" };
  }
}

/** The visit's source for the form's hidden fields: empty while rendering on the server and hydrating. */
export function useVisitSource(): Stored {
  const [source, setSource] = useState<Stored>({ landingPage: "", referrerHost: "" });
  useEffect(() => setSource(readVisitSource()), []);
  return source;
}
