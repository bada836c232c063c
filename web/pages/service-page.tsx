import { ArrowRight } from "lucide-react";
import { Link } from "wouter";
import { requestServicePath } from "../../src/contracts/paths";
import { serviceById } from "../../src/contracts/services";
import { CheckList, NumberedList } from "../components/check-list";
import { CtaPanel } from "../components/cta-panel";
import { FaqAccordion } from "../components/faq-accordion";
import { PageHero } from "../components/page-hero";
import { ProcessSteps } from "../components/process-steps";
import { ServiceIcon } from "../components/service-icon";
import { type ServiceFact, withDetails } from "../content/service-details";
import { SERVICE_PAGE_LABELS as L, type ServicePageContent } from "../content/service-pages";
import { breadcrumbList, serviceJsonLd } from "../lib/json-ld";
import { definePage } from "../lib/lazy-page";

/** One attorney service: summary cards, scope, deliverables, (process or monitored items), FAQ, call to action. */
function ServicePage({ content }: { content: ServicePageContent }) {
  const { id, copy } = content;
  const service = withDetails(serviceById(id), content.details);
  // Judgment Intel's cadence card says what its turnaround would, so its cards are price, cadence, components.
  const cards: ServiceFact[] = [
    { label: L.pricing, value: service.pricing, detail: copy.pricingDetail },
    ...(id === "judgment-intel"
      ? []
      : [{ label: L.turnaround, value: service.turnaround, detail: copy.turnaroundDetail }]),
    ...service.facts,
  ];
  return (
    <>
      <PageHero
        eyebrow={copy.eyebrow}
        title={service.name}
        lede={copy.lede}
        crumbs={[{ label: L.breadcrumbServices }, { label: service.name }]}
      >
        <p className="mt-4 flex items-center gap-3 font-serif text-xl text-gold">
          <ServiceIcon id={id} className="size-7 shrink-0" />
          {service.subtitle}
        </p>
        <Link href={requestServicePath(id)} className="btn-gold mt-8">
          {L.cta}
          <ArrowRight className="size-5" aria-hidden="true" />
        </Link>
      </PageHero>

      <section aria-label="Summary" className="border-b border-line bg-white">
        <div className="container py-10 sm:py-12">
          <ul
            className={`grid gap-x-10 gap-y-8 sm:grid-cols-2 ${cards.length === 3 ? "lg:grid-cols-3" : "lg:grid-cols-4"}`}
          >
            {cards.map((c) => (
              <li key={c.label} className="border-l-2 border-gold pl-5">
                <p className="text-xs font-semibold uppercase tracking-wider text-ink-muted">{c.label}</p>
                <p className="mt-2 font-serif text-2xl font-semibold text-navy">{c.value}</p>
                <p className="mt-2 text-sm text-ink-muted">{c.detail}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <div className="container pt-10 sm:pt-12">
        <p className="max-w-3xl text-lg text-ink-muted">
          <span className="font-semibold text-ink">{L.idealFor}: </span>
          {service.idealFor}
        </p>
      </div>

      <div className="container grid gap-x-16 gap-y-12 py-12 sm:py-16 lg:grid-cols-2">
        <ListSection id={`${id}-includes`} title={L.includes} lede={copy.includesLede}>
          <CheckList items={service.includes} />
        </ListSection>
        {content.monitored ? (
          <ListSection id={`${id}-monitored`} title={L.monitored} lede={copy.monitoredLede ?? ""}>
            <CheckList items={content.monitored} />
          </ListSection>
        ) : null}
        <ListSection
          id={`${id}-deliverables`}
          title={L.deliverables}
          lede={copy.deliverablesLede}
          wide={id === "judgment-intel"}
        >
          <NumberedList items={service.deliverables} />
        </ListSection>
      </div>

      {content.steps ? (
        <section aria-labelledby="asset-map-process" className="border-y border-line bg-paper-deep">
          <div className="container py-12 sm:py-16">
            <p className="eyebrow">Process</p>
            <h2 id="asset-map-process" className="mt-2 font-serif text-3xl font-bold text-navy">
              {L.process}
            </h2>
            <ProcessSteps steps={content.steps} />
          </div>
        </section>
      ) : null}

      <section aria-labelledby={`${id}-faq`} className="container pt-12 sm:pt-16">
        <h2 id={`${id}-faq`} className="font-serif text-3xl font-bold text-navy">
          {L.faq}
        </h2>
        <div className="mt-8 max-w-4xl">
          <FaqAccordion items={service.faqs} />
        </div>
      </section>

      <CtaPanel title={L.ctaTitle} text={L.ctaText} label={L.cta} href={requestServicePath(id)} />
    </>
  );
}

function ListSection(props: {
  id: string;
  title: string;
  lede: string;
  wide?: boolean;
  children: React.ReactNode;
}) {
  return (
    <section
      aria-labelledby={props.id}
      className={`border-t border-navy/80 pt-6 ${props.wide ? "lg:col-span-2" : ""}`}
    >
      <h2 id={props.id} className="font-serif text-2xl font-semibold text-navy sm:text-3xl">
        {props.title}
      </h2>
      {props.lede ? <p className="mt-2 text-ink-muted">{props.lede}</p> : null}
      <div className="mt-6">{props.children}</div>
    </section>
  );
}

/**
 * An attorney service's page definition, from its content module (each service page is a chunk of its own):
 * its own title, and a description ending with its price and turnaround.
 */
export function servicePage(content: ServicePageContent) {
  const service = serviceById(content.id);
  return definePage({
    component: () => <ServicePage content={content} />,
    meta: (_, { publicUrl }) => ({
      title: content.meta.title,
      description: `${content.meta.description} ${service.pricing}; ${service.turnaround.toLowerCase()}.`,
      jsonLd: [serviceJsonLd(service, publicUrl), breadcrumbList([[service.name, service.path]], publicUrl)],
    }),
  });
}
