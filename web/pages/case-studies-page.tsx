import { ArrowRight, Clock, Landmark } from "lucide-react";
import { Link } from "wouter";
import { PATHS } from "../../src/contracts/paths";
import { CASE_STUDIES_PAGE, CASE_STUDIES_PAGE_META, turnaroundText } from "../content/case-studies-page";
import { breadcrumbList } from "../lib/json-ld";
import { definePage } from "../lib/lazy-page";
import { usePageData } from "../lib/page-data-context";

/** Published case studies, newest first, from the page data the server loaded; a plain note when none. */
export function CaseStudiesPage() {
  const studies = usePageData()?.content?.caseStudies ?? [];
  const L = CASE_STUDIES_PAGE.labels;
  return (
    <>
      <section className="bg-navy text-white">
        <div className="container py-14 sm:py-20">
          <p className="text-sm font-semibold uppercase tracking-wider text-gold">
            {CASE_STUDIES_PAGE.eyebrow}
          </p>
          <h1 className="mt-3 max-w-3xl font-serif text-4xl font-bold leading-tight sm:text-5xl">
            {CASE_STUDIES_PAGE.title}
          </h1>
          <p className="mt-5 max-w-2xl text-lg text-mist">{CASE_STUDIES_PAGE.lede}</p>
        </div>
      </section>
      <section aria-label="Case study list" className="container py-14 sm:py-20">
        {studies.length === 0 ? (
          <div className="mx-auto max-w-2xl rounded-xl border border-line bg-white p-8 text-center shadow-sm">
            <h2 className="font-serif text-2xl font-bold text-navy">{CASE_STUDIES_PAGE.empty.title}</h2>
            <p className="mt-3 text-ink-muted">{CASE_STUDIES_PAGE.empty.text}</p>
            <div className="mt-6 flex flex-wrap justify-center gap-3">
              <Link href={PATHS.articles} className="btn-outline">
                Read Our Articles
              </Link>
              <Link href={PATHS.contact} className="btn-gold">
                {CASE_STUDIES_PAGE.cta}
              </Link>
            </div>
          </div>
        ) : (
          <ul className="space-y-8">
            {studies.map((s) => (
              <li key={s.id}>
                <article
                  aria-labelledby={`case-${s.id}`}
                  className="rounded-xl border border-line bg-white p-6 shadow-sm sm:p-8"
                >
                  <p className="flex flex-wrap items-center gap-3">
                    <span className="eyebrow">{s.category}</span>
                    {s.sample ? (
                      <span className="rounded-full border border-ink-muted/50 px-2.5 py-0.5 text-xs font-semibold uppercase tracking-wider text-ink-muted">
                        {L.sample}
                      </span>
                    ) : null}
                  </p>
                  <h2
                    id={`case-${s.id}`}
                    className="mt-2 font-serif text-2xl font-bold text-navy sm:text-3xl"
                  >
                    {s.title}
                  </h2>
                  <p className="mt-3 text-lg text-ink-muted">{s.description}</p>
                  {(s.assetsRecovered || s.turnaroundDays) && (
                    <dl className="mt-5 flex flex-wrap gap-x-8 gap-y-3">
                      {s.assetsRecovered && (
                        <div className="flex items-center gap-2">
                          <Landmark className="size-5 text-gold-dark" aria-hidden="true" />
                          <dt className="text-sm font-semibold text-ink">{L.assetsRecovered}:</dt>
                          <dd className="text-sm text-ink">{s.assetsRecovered}</dd>
                        </div>
                      )}
                      {s.turnaroundDays ? (
                        <div className="flex items-center gap-2">
                          <Clock className="size-5 text-gold-dark" aria-hidden="true" />
                          <dt className="text-sm font-semibold text-ink">{L.turnaround}:</dt>
                          <dd className="text-sm text-ink">{turnaroundText(s.turnaroundDays)}</dd>
                        </div>
                      ) : null}
                    </dl>
                  )}
                  <div className="mt-6 grid gap-6 md:grid-cols-3">
                    {(["challenge", "approach", "outcome"] as const).map((k) => (
                      <section key={k} aria-label={`${L[k]}: ${s.title}`}>
                        <h3 className="font-bold text-navy">{L[k]}</h3>
                        <p className="mt-2 whitespace-pre-line text-ink">{s[k]}</p>
                      </section>
                    ))}
                  </div>
                </article>
              </li>
            ))}
          </ul>
        )}
        {studies.length > 0 && (
          <p className="mt-10 text-center">
            <Link href={PATHS.contact} className="btn-gold">
              {CASE_STUDIES_PAGE.cta}
              <ArrowRight className="size-5" aria-hidden="true" />
            </Link>
          </p>
        )}
      </section>
    </>
  );
}

export const caseStudiesPage = definePage({
  component: CaseStudiesPage,
  meta: (_, { publicUrl, content }) => ({
    ...CASE_STUDIES_PAGE_META,
    // An empty list is not worth a search result; the page still answers 200 and says so.
    noindex: !content?.caseStudies?.length,
    jsonLd: [breadcrumbList([["Case Studies", PATHS.caseStudies]], publicUrl)],
  }),
  serverData: true,
});
