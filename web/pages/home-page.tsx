import {
  ArrowRight,
  BadgeCheck,
  CheckCircle2,
  FileSearch,
  Lock,
  Phone,
  Scale,
  ShieldCheck,
} from "lucide-react";
import { Link } from "wouter";
import { ProcessSteps } from "../components/process-steps";
import { HOME, HOME_META } from "../content/home";
import { PROCESS_STEPS } from "../content/process";
import { ATTORNEY_SERVICES } from "../content/services";
import { useBrand } from "../lib/brand-context";
import { definePage } from "../lib/lazy-page";
import { PACKAGES_ANCHOR, PATHS } from "../lib/paths";
import { telHref } from "../lib/tel";

const BADGE_ICONS = [BadgeCheck, ShieldCheck, Scale, Lock];

export function HomePage() {
  const brand = useBrand();
  return (
    <>
      <section className="bg-navy text-white">
        <div className="container py-16 sm:py-24">
          <p className="text-sm font-semibold uppercase tracking-wider text-gold">{HOME.hero.eyebrow}</p>
          <h1 className="mt-4 max-w-3xl font-serif text-4xl font-bold leading-tight sm:text-6xl">
            {brand.slogan}
          </h1>
          <p className="mt-6 max-w-2xl text-lg text-mist">{HOME.hero.lede}</p>
          <div className="mt-8 flex flex-wrap gap-4">
            <Link href={PATHS.contact} className="btn-gold">
              {HOME.hero.primary}
              <ArrowRight className="size-5" aria-hidden="true" />
            </Link>
            <a href={`#${PACKAGES_ANCHOR}`} className="btn-outline-light">
              {HOME.hero.secondary}
            </a>
          </div>
          <ul className="mt-12 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {HOME.badges.map((b, i) => {
              const Icon = BADGE_ICONS[i] ?? BadgeCheck;
              return (
                <li key={b.title} className="flex gap-3 rounded-lg border border-white/15 bg-white/5 p-4">
                  <Icon className="mt-0.5 size-6 shrink-0 text-gold" aria-hidden="true" />
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

      <section id={PACKAGES_ANCHOR} aria-labelledby="packages-title" className="container py-16 sm:py-20">
        <p className="eyebrow">{HOME.services.eyebrow}</p>
        <h2
          id="packages-title"
          className="mt-2 max-w-3xl font-serif text-3xl font-bold text-navy sm:text-4xl"
        >
          {HOME.services.title}
        </h2>
        <p className="mt-4 max-w-2xl text-ink-muted">{HOME.services.lede}</p>
        <ul className="mt-10 grid gap-6 md:grid-cols-3">
          {ATTORNEY_SERVICES.map((s) => (
            <li key={s.id} className="flex flex-col rounded-xl border border-line bg-white p-6 shadow-sm">
              <FileSearch className="size-8 text-navy" aria-hidden="true" />
              <h3 className="mt-4 font-serif text-2xl font-bold text-navy">{s.name}</h3>
              <p className="mt-3 flex-1 text-ink-muted">{s.description}</p>
              <dl className="mt-6 space-y-2 border-t border-line pt-4 text-sm">
                <div className="flex justify-between gap-4">
                  <dt className="text-ink-muted">Pricing</dt>
                  <dd className="text-right font-semibold text-ink">{s.pricing}</dd>
                </div>
                <div className="flex justify-between gap-4">
                  <dt className="text-ink-muted">Turnaround</dt>
                  <dd className="text-right font-semibold text-ink">{s.turnaround}</dd>
                </div>
              </dl>
              <Link href={s.path} className="btn-outline mt-6 w-full">
                {HOME.services.cta}
                <span className="sr-only">: {s.name}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section aria-label="Who we serve" className="bg-paper-deep">
        <div className="container grid gap-6 py-16 md:grid-cols-2 sm:py-20">
          <Panel {...HOME.attorneys} href={PATHS.contact} dark />
          <Panel {...HOME.individuals} href={PATHS.forIndividuals} />
        </div>
      </section>

      <section aria-labelledby="process-title" className="container py-16 sm:py-20">
        <p className="eyebrow">{HOME.process.eyebrow}</p>
        <h2 id="process-title" className="mt-2 font-serif text-3xl font-bold text-navy sm:text-4xl">
          {HOME.process.title}
        </h2>
        <ProcessSteps steps={PROCESS_STEPS} />
      </section>

      <section aria-labelledby="why-title" className="border-y border-line bg-white">
        <div className="container py-16 sm:py-20">
          <p className="eyebrow">{HOME.why.eyebrow}</p>
          <h2 id="why-title" className="mt-2 max-w-3xl font-serif text-3xl font-bold text-navy sm:text-4xl">
            {HOME.why.title}
          </h2>
          <ul className="mt-10 grid gap-8 md:grid-cols-3">
            {HOME.why.points.map((p) => (
              <li key={p.title}>
                <h3 className="flex items-center gap-2 text-lg font-bold text-navy">
                  <CheckCircle2 className="size-5 text-gold-dark" aria-hidden="true" />
                  {p.title}
                </h3>
                <p className="mt-2 text-ink-muted">{p.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="ready-title" className="container py-16 sm:py-20">
        <div className="rounded-2xl bg-navy px-6 py-12 text-center text-white sm:px-12">
          <h2 id="ready-title" className="font-serif text-3xl font-bold sm:text-4xl">
            {HOME.ready.title}
          </h2>
          <p className="mx-auto mt-4 max-w-2xl text-mist">{HOME.ready.text}</p>
          <div className="mt-8 flex flex-wrap justify-center gap-4">
            <Link href={PATHS.contact} className="btn-gold">
              {HOME.ready.primary}
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
      className={`flex flex-col rounded-xl p-8 ${props.dark ? "bg-navy text-white" : "border border-line bg-white text-ink"}`}
    >
      <h2 className={`font-serif text-3xl font-bold ${props.dark ? "text-white" : "text-navy"}`}>
        {props.title}
      </h2>
      <p className={`mt-4 ${props.dark ? "text-mist" : "text-ink-muted"}`}>{props.text}</p>
      <ul className="mt-6 flex-1 space-y-3">
        {props.points.map((p) => (
          <li key={p} className="flex gap-2">
            <CheckCircle2
              className={`mt-0.5 size-5 shrink-0 ${props.dark ? "text-gold" : "text-gold-dark"}`}
              aria-hidden="true"
            />
            {p}
          </li>
        ))}
      </ul>
      <Link href={props.href} className={`mt-8 self-start ${props.dark ? "btn-gold" : "btn-navy"}`}>
        {props.cta}
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
