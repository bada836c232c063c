import { Link } from "wouter";
import { PATHS } from "../../src/contracts/paths";
import { definePage } from "../lib/lazy-page";

const NOT_FOUND_META = {
  title: "Page Not Found",
  description: "The page you're looking for doesn't exist or has been moved.",
  noindex: true,
};

const QUICK_LINKS = [
  { label: "Asset Map", href: PATHS.assetMap },
  { label: "For Individuals", href: PATHS.forIndividuals },
  { label: "Articles", href: PATHS.articles },
  { label: "About", href: PATHS.about },
];

export function NotFoundPage() {
  return (
    <section className="container py-20 text-center sm:py-28">
      <p className="font-serif text-6xl font-bold text-gold-dark">404</p>
      <h1 className="mt-4 font-serif text-4xl font-bold text-navy">Page Not Found</h1>
      <p className="mx-auto mt-4 max-w-xl text-lg text-ink-muted">
        The page you're looking for doesn't exist or has been moved.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-4">
        <Link href={PATHS.home} className="btn-navy">
          Go Home
        </Link>
        <Link href={PATHS.contact} className="btn-outline">
          Contact Us
        </Link>
      </div>
      <nav aria-label="Quick links" className="mt-12">
        <h2 className="text-sm font-semibold uppercase tracking-wider text-ink-muted">Quick links</h2>
        <ul className="mt-4 flex flex-wrap justify-center gap-x-6 gap-y-2">
          {QUICK_LINKS.map((l) => (
            <li key={l.href}>
              <Link
                href={l.href}
                className="font-medium text-navy underline underline-offset-4 hover:text-gold-dark"
              >
                {l.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </section>
  );
}

export const notFoundPage = definePage({ component: NotFoundPage, meta: () => NOT_FOUND_META });
