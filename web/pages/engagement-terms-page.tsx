import { Download, FileText } from "lucide-react";
import { DOCS, PATHS } from "../../src/contracts/paths";
import { CtaPanel } from "../components/cta-panel";
import { PageHero } from "../components/page-hero";
import { ENGAGEMENT_TERMS as C, ENGAGEMENT_TERMS_META } from "../content/engagement-terms";
import { publicPage } from "../lib/public-page";

export function EngagementTermsPage() {
  return (
    <>
      <PageHero eyebrow={C.eyebrow} title={C.title} lede={C.lede} tone="paper" />

      <div className="container grid gap-10 pt-12 sm:pt-16 lg:grid-cols-[18rem_1fr]">
        <div className="space-y-6 lg:sticky lg:top-24 lg:self-start">
          <section aria-labelledby="sample-letter" className="rounded-xl border border-line bg-white p-6">
            <FileText className="size-8 text-navy" aria-hidden="true" />
            <h2 id="sample-letter" className="mt-3 font-serif text-xl font-bold text-navy">
              {C.download.title}
            </h2>
            <p className="mt-2 text-sm text-ink-muted">{C.download.text}</p>
            <a href={DOCS.engagementLetter} download className="btn-navy mt-5 w-full text-sm">
              <Download className="size-5" aria-hidden="true" />
              {C.download.cta}
              <span className="sr-only"> ({C.download.format})</span>
            </a>
          </section>
          <nav aria-label="On this page" className="hidden lg:block">
            <h2 className="text-sm font-semibold uppercase tracking-wider text-ink-muted">On this page</h2>
            <ul className="mt-3 space-y-2 text-sm">
              {C.sections.map((s) => (
                <li key={s.id}>
                  <a href={`#${s.id}`} className="text-navy underline-offset-4 hover:underline">
                    {s.title}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        </div>

        <div>
          <h2 className="font-serif text-3xl font-bold text-navy">{C.sectionsTitle}</h2>
          <div className="mt-8 space-y-10">
            {C.sections.map((s, i) => (
              <section key={s.id} id={s.id} aria-labelledby={`${s.id}-title`}>
                <h3
                  id={`${s.id}-title`}
                  className="flex items-baseline gap-3 font-serif text-2xl font-bold text-navy"
                >
                  <span className="text-gold-dark" aria-hidden="true">
                    {i + 1}.
                  </span>
                  {s.title}
                </h3>
                <ul className="mt-4 list-disc space-y-2 pl-6 marker:text-gold-dark">
                  {s.points.map((p) => (
                    <li key={p}>{p}</li>
                  ))}
                </ul>
              </section>
            ))}
          </div>
        </div>
      </div>

      <CtaPanel title={C.questions.title} text={C.questions.text} label={C.questions.cta} />
    </>
  );
}

export const engagementTermsPage = publicPage(
  EngagementTermsPage,
  PATHS.engagementTerms,
  ENGAGEMENT_TERMS_META,
);
