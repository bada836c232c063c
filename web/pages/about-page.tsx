import { Clock, Layers, ScrollText, Users } from "lucide-react";
import { PATHS } from "../../src/contracts/paths";
import { CtaPanel } from "../components/cta-panel";
import { FirmProof } from "../components/firm-proof";
import { PageHero } from "../components/page-hero";
import { ABOUT_META, ABOUT as C } from "../content/about";
import { FIRM_PROOF } from "../content/firm";
import { useBrand } from "../lib/brand-context";
import { publicPage } from "../lib/public-page";

const APART_ICONS = [Layers, Clock, ScrollText, Users];

export function AboutPage() {
  const brand = useBrand();
  const licences = brand.licences
    .split(";")
    .map((l) => l.trim())
    .filter(Boolean);
  return (
    <>
      <PageHero eyebrow={C.eyebrow} title={C.title} lede={C.lede} tone="paper" />

      <section aria-labelledby="apart" className="container py-12 sm:py-16">
        <h2 id="apart" className="font-serif text-3xl font-bold text-navy sm:text-4xl">
          {C.apartTitle}
        </h2>
        <ul className="mt-10 grid gap-x-16 gap-y-12 sm:grid-cols-2">
          {C.apart.map((a, i) => {
            const Icon = APART_ICONS[i] ?? Layers;
            return (
              <li key={a.title} className="border-t border-navy/80 pt-6">
                <Icon className="size-8 text-gold-dark" aria-hidden="true" />
                <h3 className="mt-4 font-serif text-2xl font-bold text-navy">{a.title}</h3>
                <p className="mt-2 text-ink-muted">{a.text}</p>
              </li>
            );
          })}
        </ul>
      </section>

      <section aria-labelledby="audiences" className="container pb-12 sm:pb-16">
        <h2 id="audiences" className="font-serif text-3xl font-bold text-navy sm:text-4xl">
          {C.audiencesTitle}
        </h2>
        <dl className="mt-8 grid gap-x-8 gap-y-6 sm:grid-cols-2 lg:grid-cols-3">
          {C.audiences.map((a) => (
            <div key={a.title} className="border-l-4 border-gold pl-4">
              <dt className="font-bold text-navy">{a.title}</dt>
              <dd className="mt-1 text-ink-muted">{a.text}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="approach" className="border-y border-line bg-white">
        <div className="container grid gap-8 py-12 sm:py-16 lg:grid-cols-[1fr_2fr]">
          <h2 id="approach" className="font-serif text-3xl font-bold text-navy sm:text-4xl">
            {C.approachTitle}
          </h2>
          <div className="space-y-5 text-lg text-ink">
            {C.approach.map((p) => (
              <p key={p}>{p}</p>
            ))}
          </div>
        </div>
      </section>

      <FirmProof variant="about" />

      {brand.address || licences.length > 0 ? (
        <section aria-labelledby="office" className="container grid gap-10 pt-16 sm:grid-cols-2">
          <h2 id="office" className="sr-only">
            {FIRM_PROOF.office.title}
          </h2>
          {brand.address ? (
            <div>
              <h3 className="eyebrow">{FIRM_PROOF.office.title}</h3>
              <p className="mt-3 font-serif text-2xl text-navy">{brand.address}</p>
            </div>
          ) : null}
          {licences.length > 0 ? (
            <div>
              <h3 className="eyebrow">{FIRM_PROOF.office.licences}</h3>
              <ul className="mt-3 space-y-2 text-ink">
                {licences.map((l) => (
                  <li key={l}>{l}</li>
                ))}
              </ul>
            </div>
          ) : null}
        </section>
      ) : null}

      <CtaPanel title={C.cta.title} text={C.cta.text} label={C.cta.label} />
    </>
  );
}

export const aboutPage = publicPage(AboutPage, PATHS.about, ABOUT_META);
