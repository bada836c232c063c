import type { ReactNode } from "react";
import { Link } from "wouter";
import { PATHS } from "../lib/paths";

export type Crumb = { label: string; href?: string };

/** The navy band that opens every inner page: optional breadcrumb, eyebrow, the page's h1 and its lede. */
export function PageHero({
  eyebrow,
  title,
  lede,
  crumbs,
  children,
}: {
  eyebrow: string;
  title: string;
  lede: string;
  /** Trail below Home; the last crumb is the current page. */
  crumbs?: readonly Crumb[];
  children?: ReactNode;
}) {
  return (
    <section className="bg-navy text-white">
      <div className="container py-12 sm:py-16">
        {crumbs ? <Breadcrumbs crumbs={crumbs} /> : null}
        <p className="text-sm font-semibold uppercase tracking-wider text-gold">{eyebrow}</p>
        <h1 className="mt-3 max-w-3xl font-serif text-4xl font-bold leading-tight sm:text-5xl">{title}</h1>
        <p className="mt-5 max-w-3xl text-lg text-mist">{lede}</p>
        {children}
      </div>
    </section>
  );
}

function Breadcrumbs({ crumbs }: { crumbs: readonly Crumb[] }) {
  const trail: Crumb[] = [{ label: "Home", href: PATHS.home }, ...crumbs];
  return (
    <nav aria-label="Breadcrumb" className="mb-6 text-sm">
      <ol className="flex flex-wrap items-center gap-x-2 gap-y-1 text-mist">
        {trail.map((c, i) => {
          const last = i === trail.length - 1;
          return (
            <li key={c.label} className="flex items-center gap-2">
              {i > 0 ? <span aria-hidden="true">/</span> : null}
              {last ? (
                <span aria-current="page" className="text-white">
                  {c.label}
                </span>
              ) : c.href ? (
                <Link href={c.href} className="text-mist underline underline-offset-4 hover:text-white">
                  {c.label}
                </Link>
              ) : (
                <span>{c.label}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
