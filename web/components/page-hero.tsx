import type { ReactNode } from "react";
import { Link } from "wouter";
import { PATHS } from "../../src/contracts/paths";
import { AssetMapMotif } from "./asset-map-motif";

export type Crumb = { label: string; href?: string };

/**
 * The band that opens every inner page: optional breadcrumb, eyebrow, the page's h1 and its lede, with the
 * brand's asset map faint at its right edge. Navy for the pages that sell (services, packages, the intake);
 * paper for the ones that explain (about, process, compliance, terms), so pages do not all open alike.
 */
export function PageHero({
  eyebrow,
  title,
  lede,
  crumbs,
  tone = "navy",
  children,
}: {
  eyebrow: string;
  title: string;
  lede: string;
  /** Trail below Home; the last crumb is the current page. */
  crumbs?: readonly Crumb[];
  tone?: "navy" | "paper";
  children?: ReactNode;
}) {
  const dark = tone === "navy";
  return (
    <section
      className={`relative overflow-hidden ${dark ? "bg-navy text-white" : "border-b border-line bg-paper text-ink"}`}
    >
      <AssetMapMotif
        tone={dark ? "dark" : "light"}
        detail={false}
        className={`pointer-events-none absolute -right-20 top-1/2 hidden w-[30rem] -translate-y-1/2 lg:block ${dark ? "opacity-35" : "opacity-60"}`}
      />
      <div className="container relative py-14 sm:py-20">
        {crumbs ? <Breadcrumbs crumbs={crumbs} dark={dark} /> : null}
        <p
          className={`text-sm font-semibold uppercase tracking-[0.14em] ${dark ? "text-gold" : "text-gold-dark"}`}
        >
          {eyebrow}
        </p>
        <h1
          className={`mt-4 max-w-3xl font-serif text-4xl font-semibold leading-tight sm:text-6xl ${dark ? "" : "text-navy"}`}
        >
          {title}
        </h1>
        <p className={`mt-6 max-w-2xl text-lg leading-relaxed ${dark ? "text-mist" : "text-ink-muted"}`}>
          {lede}
        </p>
        {children}
      </div>
    </section>
  );
}

function Breadcrumbs({ crumbs, dark }: { crumbs: readonly Crumb[]; dark: boolean }) {
  const trail: Crumb[] = [{ label: "Home", href: PATHS.home }, ...crumbs];
  return (
    <nav aria-label="Breadcrumb" className="mb-6 text-sm">
      <ol className={`flex flex-wrap items-center gap-x-2 gap-y-1 ${dark ? "text-mist" : "text-ink-muted"}`}>
        {trail.map((c, i) => {
          const last = i === trail.length - 1;
          return (
            <li key={c.label} className="flex items-center gap-2">
              {i > 0 ? <span aria-hidden="true">/</span> : null}
              {last ? (
                <span aria-current="page" className={dark ? "text-white" : "text-navy"}>
                  {c.label}
                </span>
              ) : c.href ? (
                <Link
                  href={c.href}
                  className={`underline underline-offset-4 ${dark ? "text-mist hover:text-white" : "text-ink-muted hover:text-navy"}`}
                >
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
