import type { Brand } from "../../../contracts/brand";
import { SERVICES } from "../../../contracts/services";

/** schema.org AccountingService for the firm, with each service as an offer. Present on every page. */
export function firmJsonLd(brand: Brand, publicUrl: string): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "AccountingService",
    "@id": `${publicUrl}/#firm`,
    name: brand.name,
    url: `${publicUrl}/`,
    logo: absolute(brand.logo.png, publicUrl),
    image: absolute(brand.logo.socialImage, publicUrl),
    telephone: brand.phone,
    email: brand.email,
    slogan: brand.slogan,
    ...(brand.address ? { address: brand.address } : {}),
    description:
      "Forensic accounting and public-records asset discovery for attorneys, fiduciaries and individuals, using lawful methods only.",
    areaServed: { "@type": "Country", name: "United States" },
    makesOffer: SERVICES.map((s) => ({
      "@type": "Offer",
      url: `${publicUrl}${s.path}`,
      itemOffered: { "@type": "Service", name: s.name, description: s.description },
      priceSpecification: {
        "@type": "PriceSpecification",
        priceCurrency: "USD",
        minPrice: s.offer.minPrice,
        maxPrice: s.offer.maxPrice,
        description: s.offer.unitText,
      },
    })),
  };
}

/** Absolute URL for a site path; full URLs (e.g. a logo on a CDN) pass through. */
export function absolute(pathOrUrl: string, publicUrl: string): string {
  return /^https?:\/\//.test(pathOrUrl)
    ? pathOrUrl
    : `${publicUrl}${pathOrUrl.startsWith("/") ? "" : "/"}${pathOrUrl}`;
}
