import { CheckCircle2, Info, XCircle } from "lucide-react";
import { PATHS } from "../../src/contracts/paths";
import { CtaPanel } from "../components/cta-panel";
import { PageHero } from "../components/page-hero";
import { COMPLIANCE as C, COMPLIANCE_META } from "../content/compliance";
import { publicPage } from "../lib/public-page";

export function CompliancePage() {
  return (
    <>
      <PageHero eyebrow={C.eyebrow} title={C.title} lede={C.lede} tone="paper" />

      <div className="container grid gap-6 py-12 sm:py-16 lg:grid-cols-2">
        <section aria-labelledby="we-do" className="rounded-xl border border-line bg-white p-6 sm:p-8">
          <h2 id="we-do" className="font-serif text-2xl font-bold text-navy sm:text-3xl">
            {C.doTitle}
          </h2>
          <ul className="mt-6 space-y-3">
            {C.doItems.map((item) => (
              <li key={item} className="flex gap-3">
                <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-gold-dark" aria-hidden="true" />
                <span>{item}</span>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="we-dont" className="rounded-xl border border-line bg-white p-6 sm:p-8">
          <h2 id="we-dont" className="font-serif text-2xl font-bold text-navy sm:text-3xl">
            {C.dontTitle}
          </h2>
          <ul className="mt-6 space-y-3">
            {C.dontItems.map((item) => (
              <li key={item} className="flex gap-3">
                <XCircle className="mt-0.5 size-5 shrink-0 text-danger" aria-hidden="true" />
                <span>{item}</span>
              </li>
            ))}
          </ul>
        </section>
      </div>

      <section aria-labelledby="laws" className="border-y border-line bg-paper-deep">
        <div className="container py-12 sm:py-16">
          <h2 id="laws" className="font-serif text-3xl font-bold text-navy">
            {C.lawsTitle}
          </h2>
          <dl className="mt-8 grid gap-6 md:grid-cols-3">
            {C.laws.map((law) => (
              <div key={law.name} className="rounded-xl bg-white p-6">
                <dt className="text-lg font-bold text-navy">{law.name}</dt>
                <dd className="mt-2 text-ink-muted">{law.text}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <section aria-labelledby="handling" className="container pt-12 sm:pt-16">
        <h2 id="handling" className="font-serif text-3xl font-bold text-navy">
          {C.handlingTitle}
        </h2>
        <dl className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {C.handling.map((h) => (
            <div key={h.title} className="border-t-4 border-navy pt-4">
              <dt className="font-bold text-navy">{h.title}</dt>
              <dd className="mt-2 text-ink-muted">{h.text}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-10 flex max-w-3xl gap-3 rounded-lg bg-gold-light p-5 text-ink">
          <Info className="mt-0.5 size-5 shrink-0 text-navy" aria-hidden="true" />
          <span>{C.intakeNote}</span>
        </p>
      </section>

      <CtaPanel title={C.cta.title} text={C.cta.text} label={C.cta.label} />
    </>
  );
}

export const compliancePage = publicPage(CompliancePage, PATHS.compliance, COMPLIANCE_META);
