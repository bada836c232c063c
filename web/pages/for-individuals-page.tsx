import { ArrowRight, Gavel, Network, Scale, ShieldAlert } from "lucide-react";
import { Link } from "wouter";
import { PATHS, requestServicePath } from "../../src/contracts/paths";
import { INDIVIDUAL_SERVICES, type Service } from "../../src/contracts/services";
import { CheckList } from "../components/check-list";
import { CtaPanel } from "../components/cta-panel";
import { PageHero } from "../components/page-hero";
import { ProcessSteps } from "../components/process-steps";
import { ServiceIcon } from "../components/service-icon";
import { FOR_INDIVIDUALS as C, FOR_INDIVIDUALS_META, INDIVIDUAL_DETAILS } from "../content/for-individuals";
import { withDetails } from "../content/service-details";
import { breadcrumbList, serviceJsonLd } from "../lib/json-ld";
import { definePage } from "../lib/lazy-page";

const CASE_ICONS = [Scale, Network, Gavel];

function detailed(service: Service) {
  const details = INDIVIDUAL_DETAILS[service.id];
  if (!details) throw new Error(`No details for ${service.id} in web/content/for-individuals.ts`);
  return withDetails(service, details);
}

export function ForIndividualsPage() {
  return (
    <>
      <PageHero eyebrow={C.eyebrow} title={C.title} lede={C.lede} />

      <div className="container pt-10 sm:pt-12">
        <aside
          aria-labelledby="lawful-use"
          className="flex gap-4 rounded-xl border-l-4 border-gold-dark bg-gold-light p-5 sm:p-6"
        >
          <ShieldAlert className="mt-1 size-6 shrink-0 text-navy" aria-hidden="true" />
          <div>
            <h2 id="lawful-use" className="font-serif text-xl font-bold text-navy">
              {C.lawful.title}
            </h2>
            <p className="mt-2 text-ink">{C.lawful.text}</p>
          </div>
        </aside>
      </div>

      <section aria-labelledby="packages" className="container py-12 sm:py-16">
        <h2 id="packages" className="font-serif text-3xl font-bold text-navy sm:text-4xl">
          {C.packagesTitle}
        </h2>
        <p className="mt-3 max-w-2xl text-ink-muted">{C.packagesLede}</p>
        <ul className="mt-8 grid gap-6 md:grid-cols-2">
          {INDIVIDUAL_SERVICES.map(detailed).map((s) => (
            <li
              key={s.id}
              id={s.id}
              className="flex flex-col rounded-xl border border-line bg-white p-6 shadow-sm sm:p-8"
            >
              <ServiceIcon id={s.id} className="size-9 text-gold-dark" />
              <h3 className="mt-4 font-serif text-2xl font-semibold text-navy">{s.name}</h3>
              <p className="mt-1 font-medium text-gold-dark">{s.subtitle}</p>
              <dl className="mt-5 grid grid-cols-2 gap-4 border-y border-line py-4">
                <div>
                  <dt className="text-sm text-ink-muted">{C.labels.price}</dt>
                  <dd className="font-serif text-2xl font-bold text-navy">{s.pricing}</dd>
                </div>
                <div>
                  <dt className="text-sm text-ink-muted">{C.labels.turnaround}</dt>
                  <dd className="font-serif text-2xl font-bold text-navy">{s.turnaround}</dd>
                </div>
              </dl>
              <p className="mt-5 text-ink-muted">{s.description}</p>
              <p className="mt-4 text-ink-muted">
                <span className="font-semibold text-ink">{C.labels.idealFor}: </span>
                {s.idealFor}
              </p>
              <h4 className="mt-6 text-sm font-semibold uppercase tracking-wider text-ink-muted">
                {C.labels.includes}
              </h4>
              <CheckList items={s.includes} className="mt-3 flex-1" />
              <Link href={requestServicePath(s.id)} className="btn-navy mt-8 self-start">
                {C.cta}
                <span className="sr-only">: {s.name}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="with-attorney" className="bg-navy text-white">
        <div className="container py-12 sm:py-16">
          <h2 id="with-attorney" className="font-serif text-3xl font-bold sm:text-4xl">
            {C.attorney.title}
          </h2>
          <p className="mt-4 max-w-3xl text-mist">{C.attorney.text}</p>
          <ul className="mt-8 grid gap-4 md:grid-cols-3">
            {C.attorney.cases.map((c, i) => {
              const Icon = CASE_ICONS[i] ?? Scale;
              return (
                <li key={c.title} className="rounded-lg border border-white/15 bg-white/5 p-5">
                  <Icon className="size-6 text-gold" aria-hidden="true" />
                  <h3 className="mt-3 text-lg font-bold">{c.title}</h3>
                  <p className="mt-2 text-sm text-mist">{c.text}</p>
                </li>
              );
            })}
          </ul>
          {/* A text link: the page's closing call is the one intake button in view beside it (ADR 268). */}
          <Link
            href={PATHS.contact}
            className="mt-8 inline-flex min-h-11 items-center gap-2 font-semibold text-gold underline underline-offset-4 hover:text-gold-light"
          >
            {C.attorney.cta}
            <ArrowRight className="size-5" aria-hidden="true" />
          </Link>
        </div>
      </section>

      <section aria-labelledby="how-it-works" className="container pt-12 sm:pt-16">
        <h2 id="how-it-works" className="font-serif text-3xl font-bold text-navy sm:text-4xl">
          {C.howTitle}
        </h2>
        <ProcessSteps steps={C.steps} />
      </section>

      <CtaPanel title={C.final.title} text={C.final.text} label={C.final.cta} />
    </>
  );
}

export const forIndividualsPage = definePage({
  component: ForIndividualsPage,
  meta: (_, { publicUrl }) => ({
    ...FOR_INDIVIDUALS_META,
    jsonLd: [
      ...INDIVIDUAL_SERVICES.map((s) => serviceJsonLd(s, publicUrl)),
      breadcrumbList([["For Individuals", PATHS.forIndividuals]], publicUrl),
    ],
  }),
});
