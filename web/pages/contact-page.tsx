import { Clock, Mail, Phone, ShieldAlert } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useSearch } from "wouter";
import { PATHS, SERVICE_QUERY } from "../../src/contracts/paths";
import { chosenService, type Service } from "../../src/contracts/services";
import { IntakeForm } from "../components/intake-form";
import { INTAKE_PAGE, INTAKE_PAGE_META } from "../content/intake";
import { useBrand } from "../lib/brand-context";
import { breadcrumbList } from "../lib/json-ld";
import { definePage } from "../lib/lazy-page";
import { telHref } from "../lib/tel";

/** /contact: "Request Intake". Contact, response-time and sensitive-data cards beside the intake form. */
export function ContactPage() {
  const brand = useBrand();
  // "Request This Service" links here with ?service=…; the server renders the same choice (contactPage.query).
  const chosen = chosenService(useSearch());
  return (
    <>
      <section className="bg-navy text-white">
        <div className="container py-12 sm:py-16">
          <p className="text-sm font-semibold uppercase tracking-wider text-gold">{INTAKE_PAGE.eyebrow}</p>
          <h1 className="mt-3 font-serif text-4xl font-bold sm:text-5xl">{INTAKE_PAGE.title}</h1>
          <p className="mt-4 max-w-2xl text-lg text-mist">{INTAKE_PAGE.lede}</p>
        </div>
      </section>

      {chosen ? (
        <div className="container pt-10 sm:pt-12">
          <ChosenService service={chosen} />
        </div>
      ) : null}
      <div className="container grid gap-8 py-12 lg:grid-cols-3 sm:py-16">
        {/* The form first: on a phone it is what the visitor came for, and Tab reaches it before the notes. */}
        <div className="rounded-xl border border-line bg-white p-5 shadow-sm sm:p-8 lg:col-span-2">
          <IntakeForm key={chosen?.id ?? ""} service={chosen?.id} />
        </div>

        <aside aria-label="About this form" className="space-y-4">
          <Card
            icon={<Mail className="size-6 text-navy" aria-hidden="true" />}
            title={INTAKE_PAGE.contact.title}
          >
            <p>{INTAKE_PAGE.contact.text}</p>
            <ul className="mt-3 space-y-2">
              <li>
                <a href={`mailto:${brand.email}`} className="font-semibold text-navy underline">
                  {brand.email}
                </a>
              </li>
              <li>
                <a
                  href={telHref(brand.phone)}
                  className="inline-flex items-center gap-1.5 font-semibold text-navy underline"
                >
                  <Phone className="size-4" aria-hidden="true" />
                  {brand.phone}
                </a>
              </li>
            </ul>
          </Card>
          <Card
            icon={<Clock className="size-6 text-navy" aria-hidden="true" />}
            title={INTAKE_PAGE.sla.title}
          >
            <p>{INTAKE_PAGE.sla.text}</p>
          </Card>
          <Card
            icon={<ShieldAlert className="size-6 text-danger" aria-hidden="true" />}
            title={INTAKE_PAGE.sensitive.title}
            tone="warning"
          >
            <p>{INTAKE_PAGE.sensitive.text}</p>
          </Card>
        </aside>
      </div>
    </>
  );
}

/** The package the visitor asked for, named above the form so it stays in view while they fill it in. */
function ChosenService({ service }: { service: Service }) {
  const L = INTAKE_PAGE.chosen;
  return (
    <div
      data-testid="chosen-service"
      className="flex flex-wrap items-baseline justify-between gap-x-6 gap-y-2 border-l-4 border-gold bg-white px-5 py-4 shadow-sm"
    >
      <p>
        <span className="block text-sm font-semibold uppercase tracking-wider text-ink-muted">{L.label}</span>
        <span className="font-serif text-2xl font-semibold text-navy">{service.name}</span>
        <span className="block text-sm text-ink-muted">
          {service.pricing} · {service.turnaround}
        </span>
      </p>
      <Link href={service.path} className="text-sm font-semibold text-navy underline underline-offset-4">
        {L.details}
        <span className="sr-only">: {service.name}</span>
      </Link>
    </div>
  );
}

function Card(props: { icon: ReactNode; title: string; children: ReactNode; tone?: "warning" }) {
  return (
    <section
      className={`rounded-xl border p-5 ${props.tone === "warning" ? "border-danger/40 bg-danger-light" : "border-line bg-white"}`}
    >
      <h2 className="flex items-center gap-2 font-serif text-xl font-bold text-navy">
        {props.icon}
        {props.title}
      </h2>
      <div className="mt-2 text-sm text-ink">{props.children}</div>
    </section>
  );
}

export const contactPage = definePage({
  component: ContactPage,
  query: (search) => {
    const chosen = chosenService(search);
    return chosen ? `${SERVICE_QUERY}=${chosen.id}` : "";
  },
  meta: (_, { publicUrl }) => ({
    ...INTAKE_PAGE_META,
    jsonLd: [breadcrumbList([[INTAKE_PAGE_META.title, PATHS.contact]], publicUrl)],
  }),
});
