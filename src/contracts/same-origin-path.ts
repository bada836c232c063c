/** Any origin would do: only whether a value resolves to it matters, and ".invalid" is never a real host. */
const HERE = "http://same-origin.invalid";

/**
 * A path of this site, for a Location header or a document navigation, whatever `raw` holds: never another
 * origin (issue 17). Browsers drop tabs and newlines from a URL, read "\" as "/" and take "//host/…" as
 * another site, so leading slashes and backslashes collapse to one ("//evil.example/" is this site's
 * "/evil.example/"); whatever still resolves elsewhere ("https://…", "javascript:…") is `fallback`. The
 * result is the URL parser's own serialisation (percent-encoded), so a browser reads it the same way.
 */
export function sameOriginPath(raw: string, fallback = "/"): string {
  // Other leading controls are stripped by the parser itself, and then caught by the origin check.
  const path = raw
    .replace(/[\t\n\r]/g, "")
    .trimStart()
    .replace(/^[/\\]+/, "/");
  let url: URL;
  try {
    url = new URL(path, HERE);
  } catch {
    return fallback;
  }
  if (url.origin !== HERE) return fallback;
  // Dot segments can leave two slashes in front again ("/.//evil.example" is "//evil.example").
  return `${url.pathname.replace(/^\/+/, "/")}${url.search}${url.hash}`;
}
