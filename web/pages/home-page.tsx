import { ArrowRight, BadgeCheck, Lock, Phone, Scale, ShieldCheck } from "lucide-react";
import { Link } from "wouter";
import { PACKAGES_ANCHOR, PATHS } from "../../src/contracts/paths";
import { ATTORNEY_SERVICES } from "../../src/contracts/services";
import { AssetMapMotif } from "../components/asset-map-motif";
import { FirmProof } from "../components/firm-proof";
import { ProcessSteps } from "../components/process-steps";
import { ServiceIcon } from "../components/service-icon";
import { HOME, HOME_META } from "../content/home";
import { PROCESS_STEPS } from "../content/process";
import { useBrand } from "../lib/brand-context";
import { definePage } from "../lib/lazy-page";
import { telHref } from "../lib/tel";

const BADGE_ICONS = [BadgeCheck, ShieldCheck, Scale, Lock];

export function HomePage() {
  const brand = useBrand();
  return (
    <>
      <section className="relative overflow-hidden bg-navy text-white">
        <div className="container grid items-center gap-10 pb-14 pt-14 sm:pt-20 lg:grid-cols-[1.1fr_1fr] lg:pb-20">
          <div>
            <p className="text-sm font-semibold uppercase tracking-[0.14em] text-gold">{HOME.hero.eyebrow}</p>
            <h1 className="mt-5 max-w-2xl font-serif text-5xl font-semibold leading-[1.05] sm:text-6xl lg:text-7xl">
              {brand.slogan}
            </h1>
            <p className="mt-7 max-w-xl text-lg leading-relaxed text-mist">{HOME.hero.lede}</p>
            <div className="mt-9 flex flex-wrap gap-4">
              <Link href={PATHS.contact} className="btn-gold">
                {HOME.hero.primary}
                <ArrowRight className="size-5" aria-hidden="true" />
              </Link>
              <a href={`#${PACKAGES_ANCHOR}`} className="btn-outline-light">
                {HOME.hero.secondary}
              </a>
            </div>
          </div>
          <AssetMapMotif className="mx-auto w-full max-w-xl" />
        </div>
        <div className="border-t border-white/10">
          <ul className="container grid gap-x-8 gap-y-6 py-8 sm:grid-cols-2 lg:grid-cols-4">
            {HOME.badges.map((b, i) => {
              const Icon = BADGE_ICONS[i] ?? BadgeCheck;
              return (
                <li key={b.title} className="flex gap-3">
                  <Icon className="mt-0.5 size-5 shrink-0 text-gold" aria-hidden="true" />
                  <div>
                    <p className="font-semibold">{b.title}</p>
                    <p className="mt-1 text-sm text-mist">{b.text}</p>
                  </div>
                </li>
              );
            })}
          </ul>
        </div>
      </section>

      <section id={PACKAGES_ANCHOR} aria-labelledby="packages-title" className="container py-20 sm:py-24">
        <div className="grid gap-6 lg:grid-cols-[1fr_1.4fr] lg:items-end">
          <div>
            <p className="eyebrow">{HOME.services.eyebrow}</p>
            <h2 id="packages-title" className="mt-3 font-serif text-4xl font-semibold text-navy sm:text-5xl">
              {HOME.services.title}
            </h2>
          </div>
          <p className="max-w-xl text-lg text-ink-muted lg:justify-self-end">{HOME.services.lede}</p>
        </div>
        <ul className="mt-14 border-t border-navy/80">
          {ATTORNEY_SERVICES.map((s) => (
            <li
              key={s.id}
              className="grid gap-5 border-b border-line py-9 md:grid-cols-[3.5rem_1fr_15rem_auto] md:items-start md:gap-8"
            >
              <ServiceIcon id={s.id} className="size-10 text-gold-dark" />
              <div>
                <h3 className="font-serif text-3xl font-semibold text-navy">{s.name}</h3>
                <p className="mt-3 max-w-2xl text-ink-muted">{s.description}</p>
              </div>
              <dl className="space-y-3 text-sm">
                <div>
                  <dt className="text-xs font-semibold uppercase tracking-wider text-ink-muted">Pricing</dt>
                  <dd className="mt-0.5 font-semibold text-ink">{s.pricing}</dd>
                </div>
                <div>
                  <dt className="text-xs font-semibold uppercase tracking-wider text-ink-muted">
                    Turnaround
                  </dt>
                  <dd className="mt-0.5 font-semibold text-ink">{s.turnaround}</dd>
                </div>
              </dl>
              <Link href={s.path} className="btn-outline whitespace-nowrap md:mt-1">
                {HOME.services.cta}
                <span className="sr-only">: {s.name}</span>
                <ArrowRight className="size-4" aria-hidden="true" />
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section aria-label="Who we serve" className="bg-paper-deep">
        <div className="container grid gap-0 py-20 sm:py-24 lg:grid-cols-[1.15fr_1fr]">
          <Panel {...HOME.attorneys} href={PATHS.contact} dark />
          <Panel {...HOME.individuals} href={PATHS.forIndividuals} />
        </div>
      </section>

      <section aria-labelledby="process-title" className="container py-20 sm:py-24">
        <p className="eyebrow">{HOME.process.eyebrow}</p>
        <h2
          id="process-title"
          className="mt-3 max-w-3xl font-serif text-4xl font-semibold text-navy sm:text-5xl"
        >
          {HOME.process.title}
        </h2>
        <ProcessSteps steps={PROCESS_STEPS} />
      </section>

      <FirmProof />

      <section aria-labelledby="why-title" className="border-y border-line bg-white">
        <div className="container grid gap-12 py-20 sm:py-24 lg:grid-cols-[1fr_2fr]">
          <div>
            <p className="eyebrow">{HOME.why.eyebrow}</p>
            <h2 id="why-title" className="mt-3 font-serif text-4xl font-semibold text-navy">
              {HOME.why.title}
            </h2>
          </div>
          <ol className="space-y-10">
            {HOME.why.points.map((p, i) => (
              <li key={p.title} className="grid gap-2 sm:grid-cols-[4rem_1fr]">
                <span className="font-serif text-4xl font-semibold text-gold-dark" aria-hidden="true">
                  {String(i + 1).padStart(2, "0")}
                </span>
                <div>
                  <h3 className="text-xl font-semibold text-navy">{p.title}</h3>
                  <p className="mt-2 text-ink-muted">{p.text}</p>
                </div>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section aria-labelledby="ready-title" className="relative overflow-hidden bg-navy text-white">
        <div className="container relative py-20 sm:py-24">
          <h2 id="ready-title" className="max-w-2xl font-serif text-4xl font-semibold sm:text-5xl">
            {HOME.ready.title}
          </h2>
          <p className="mt-5 max-w-2xl text-lg text-mist">{HOME.ready.text}</p>
          <div className="mt-9 flex flex-wrap gap-4">
            <Link href={PATHS.contact} className="btn-gold">
              {HOME.ready.primary}
              <ArrowRight className="size-5" aria-hidden="true" />
            </Link>
            <a href={telHref(brand.phone)} className="btn-outline-light">
              <Phone className="size-5" aria-hidden="true" />
              {HOME.ready.secondary} {brand.phone}
            </a>
          </div>
        </div>
      </section>
    </>
  );
}

function Panel(props: {
  title: string;
  text: string;
  points: readonly string[];
  cta: string;
  href: string;
  dark?: boolean;
}) {
  return (
    <div
      className={`flex flex-col p-8 sm:p-12 ${props.dark ? "bg-navy text-white" : "border border-line bg-white text-ink lg:border-l-0"}`}
    >
      <h2
        className={`font-serif text-3xl font-semibold sm:text-4xl ${props.dark ? "text-white" : "text-navy"}`}
      >
        {props.title}
      </h2>
      <p className={`mt-4 text-lg ${props.dark ? "text-mist" : "text-ink-muted"}`}>{props.text}</p>
      <ul className={`mt-8 flex-1 divide-y ${props.dark ? "divide-white/15" : "divide-line"}`}>
        {props.points.map((p) => (
          <li key={p} className="py-3">
            {p}
          </li>
        ))}
      </ul>
      <Link href={props.href} className={`mt-8 self-start ${props.dark ? "btn-gold" : "btn-navy"}`}>
        {props.cta}
        <ArrowRight className="size-5" aria-hidden="true" />
      </Link>
    </div>
  );
}

export const homePage = definePage({
  component: HomePage,
  meta: (_, { brand }) => ({
    title: `${brand.name}: ${HOME_META.title}`,
    description: HOME_META.description,
  }),
});
