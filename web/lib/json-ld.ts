/** Builders for the schema.org objects pages add to their head (the firm's own is added to every page). */

/** BreadcrumbList for a page below the home page; items are [name, path] from the top down. */
export function breadcrumbList(items: readonly (readonly [name: string, path: string])[], publicUrl: string) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: [["Home", "/"] as const, ...items].map(([name, path], i) => ({
      "@type": "ListItem",
      position: i + 1,
      name,
      item: `${publicUrl}${path === "/" ? "/" : path}`,
    })),
  };
}

/** Reference to the firm object on every page, for "provider", "publisher" and "author" fields. */
export const firmRef = (publicUrl: string) => ({ "@id": `${publicUrl}/#firm` });
