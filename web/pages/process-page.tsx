import { FileLock2, Link2, ShieldCheck } from "lucide-react";
import { CtaPanel } from "../components/cta-panel";
import { PageHero } from "../components/page-hero";
import { ProcessSteps } from "../components/process-steps";
import { PROCESS_PAGE as C, PROCESS_STEPS, QUALITY_STANDARDS } from "../content/process";

const STANDARD_ICONS = [ShieldCheck, Link2, FileLock2];

export function ProcessPage() {
  return (
    <>
      <PageHero eyebrow={C.eyebrow} title={C.title} lede={C.lede} />
      <section aria-label="The four steps" className="container pb-4 pt-2">
        <ProcessSteps steps={PROCESS_STEPS} />
      </section>
      <section aria-labelledby="standards" className="mt-12 border-y border-line bg-white">
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
