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

/** What a Service object is built from: the fields of a service in src/contracts/services.ts. */
export type ServiceForJsonLd = {
  name: string;
  description: string;
  path: string;
  offer: { minPrice: number; maxPrice: number; unitText: string };
};

/** schema.org Service with its price as an Offer, provided by the firm. */
export function serviceJsonLd(service: ServiceForJsonLd, publicUrl: string) {
  const { minPrice, maxPrice, unitText } = service.offer;
  return {
    "@context": "https://schema.org",
    "@type": "Service",
    name: service.name,
    description: service.description,
    url: `${publicUrl}${service.path}`,
    provider: firmRef(publicUrl),
    areaServed: { "@type": "Country", name: "United States" },
    offers: {
      "@type": "Offer",
      url: `${publicUrl}${service.path}`,
      priceCurrency: "USD",
      ...(minPrice === maxPrice ? { price: minPrice } : {}),
      priceSpecification: {
        "@type": "PriceSpecification",
        priceCurrency: "USD",
        minPrice,
        maxPrice,
        description: unitText,
      },
    },
  };
}
