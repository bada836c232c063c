import { FileLock2, Link2, ShieldCheck } from "lucide-react";
import { PATHS } from "../../src/contracts/paths";
import { CtaPanel } from "../components/cta-panel";
import { PageHero } from "../components/page-hero";
import { ProcessSteps } from "../components/process-steps";
import {
  PROCESS_PAGE as C,
  PROCESS_DETAILS,
  PROCESS_PAGE_META,
  PROCESS_STEPS,
  QUALITY_STANDARDS,
} from "../content/process";
import { publicPage } from "../lib/public-page";

const STANDARD_ICONS = [ShieldCheck, Link2, FileLock2];

export function ProcessPage() {
  return (
    <>
      <PageHero eyebrow={C.eyebrow} title={C.title} lede={C.lede} tone="paper" />
      <section aria-labelledby="four-steps" className="container pb-4 pt-2">
        {/* The steps' titles are h3s, as on the home page: this keeps the outline h1, h2, h3 with no level skipped. */}
        <h2 id="four-steps" className="sr-only">
          {C.stepsTitle}
        </h2>
        <ProcessSteps steps={PROCESS_STEPS} />
      </section>
      <section aria-labelledby="step-detail" className="container py-12 sm:py-16">
        <h2 id="step-detail" className="font-serif text-3xl font-bold text-navy sm:text-4xl">
          {C.detailTitle}
        </h2>
        <ol className="mt-8 divide-y divide-line border-y border-line">
          {PROCESS_STEPS.map((step, i) => {
            const d = PROCESS_DETAILS[i];
            if (!d) return null;
            return (
              <li key={step.number} className="grid gap-4 py-6 lg:grid-cols-[14rem_1fr_1fr_12rem] lg:gap-8">
                <h3 className="font-serif text-xl font-bold text-navy">
                  <span className="text-gold-dark">{step.number}.</span> {step.title}
                </h3>
                <Detail label={C.detailLabels.you} text={d.you} />
                <Detail label={C.detailLabels.we} text={d.we} />
                <Detail label={C.detailLabels.timing} text={d.timing} />
              </li>
            );
          })}
        </ol>
      </section>
      <section aria-labelledby="standards" className="border-y border-line bg-white">
        <div className="container py-12 sm:py-16">
          <h2 id="standards" className="font-serif text-3xl font-bold text-navy sm:text-4xl">
            {C.standardsTitle}
          </h2>
          <p className="mt-3 max-w-2xl text-ink-muted">{C.standardsLede}</p>
          <ul className="mt-8 grid gap-8 md:grid-cols-3">
            {QUALITY_STANDARDS.map((s, i) => {
              const Icon = STANDARD_ICONS[i] ?? ShieldCheck;
              return (
                <li key={s.title}>
                  <Icon className="size-8 text-gold-dark" aria-hidden="true" />
                  <h3 className="mt-3 text-lg font-bold text-navy">{s.title}</h3>
                  <p className="mt-2 text-ink-muted">{s.text}</p>
                </li>
              );
            })}
          </ul>
        </div>
      </section>
      <CtaPanel title={C.ctaTitle} text={C.ctaText} label={C.cta} />
    </>
  );
}

function Detail({ label, text }: { label: string; text: string }) {
  return (
    <div>
      <p className="text-sm font-semibold uppercase tracking-wider text-ink-muted">{label}</p>
      <p className="mt-1 text-ink">{text}</p>
    </div>
  );
}

export const processPage = publicPage(ProcessPage, PATHS.process, PROCESS_PAGE_META);
