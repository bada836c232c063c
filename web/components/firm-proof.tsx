import type { PublicPerson, PublicTestimonial } from "../../src/contracts/firm";
import { personAnchor } from "../../src/contracts/paths";
import { FIRM_PROOF } from "../content/firm";
import { usePageData } from "../lib/page-data-context";

/** Said beside a demo's seeded person or testimonial, as on a sample case study: it is no one real (ADR 301). */
function SampleLabel() {
  return (
    <span className="ml-2 inline-block rounded-full border border-ink-muted/50 px-2.5 py-0.5 align-middle font-sans text-xs font-semibold uppercase tracking-wider text-ink-muted">
      {FIRM_PROOF.sample}
    </span>
  );
}

/** The firm's published people and testimonials (PageData.firm); nothing at all when there are none. */
export function FirmProof({ variant = "home" }: { variant?: "home" | "about" }) {
  const firm = usePageData()?.firm;
  const people = firm?.people ?? [];
  const testimonials = firm?.testimonials ?? [];
  if (people.length === 0 && testimonials.length === 0) return null;
  return (
    <>
      {people.length > 0 ? <People people={people} wide={variant === "about"} /> : null}
      {testimonials.length > 0 ? <Testimonials testimonials={testimonials} /> : null}
    </>
  );
}

function People({ people, wide }: { people: PublicPerson[]; wide: boolean }) {
  return (
    <section aria-labelledby="people-title" className="container py-20 sm:py-24">
      <p className="eyebrow">{FIRM_PROOF.people.eyebrow}</p>
      <h2 id="people-title" className="mt-3 max-w-3xl font-serif text-4xl font-semibold text-navy">
        {FIRM_PROOF.people.title}
      </h2>
      <ul className={`mt-12 grid gap-10 sm:grid-cols-2 ${wide ? "lg:grid-cols-3" : "lg:grid-cols-4"}`}>
        {people.map((p) => (
          // On /about each person is an anchor an article's byline links to (ADR 269).
          <li key={p.id} id={wide ? personAnchor(p.id) : undefined} className="scroll-mt-24">
            {p.photo ? (
              <img
                src={p.photo}
                alt={`${p.name}, ${p.role}`}
                width={480}
                height={600}
                loading="lazy"
                decoding="async"
                className="aspect-[4/5] w-full bg-paper-deep object-cover grayscale-[35%]"
              />
            ) : null}
            <h3 className="mt-5 font-serif text-2xl font-semibold text-navy">
              {p.name}
              {p.credentials ? (
                <span className="ml-2 align-middle font-sans text-sm font-semibold tracking-wider text-gold-dark">
                  {p.credentials}
                </span>
              ) : null}
            </h3>
            <p className="mt-1 text-sm font-semibold uppercase tracking-wider text-ink-muted">
              {p.role}
              {p.sample ? <SampleLabel /> : null}
            </p>
            {p.bio ? <p className="mt-3 text-ink-muted">{p.bio}</p> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

function Testimonials({ testimonials }: { testimonials: PublicTestimonial[] }) {
  return (
    <section aria-labelledby="testimonials-title" className="bg-paper-deep">
      <div className="container py-20 sm:py-24">
        <h2 id="testimonials-title" className="eyebrow">
          {FIRM_PROOF.testimonials.title}
        </h2>
        <ul className="mt-10 grid gap-12 lg:grid-cols-2">
          {testimonials.map((t) => (
            <li key={t.id}>
              <figure className="border-l-2 border-gold pl-6">
                <blockquote className="font-serif text-2xl leading-snug text-navy sm:text-3xl">
                  <p>“{t.quote}”</p>
                </blockquote>
                <figcaption className="mt-5 text-sm">
                  <span className="font-semibold text-ink">{t.attribution}</span>
                  {t.sample ? <SampleLabel /> : null}
                  {t.context ? <span className="block text-ink-muted">{t.context}</span> : null}
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
