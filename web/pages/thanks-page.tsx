import { CheckCircle2, Clock, MailCheck, Phone } from "lucide-react";
import { Link } from "wouter";
import { NEXT_STEPS, THANKS_PAGE, THANKS_PAGE_META } from "../content/thanks";
import { useBrand } from "../lib/brand-context";
import { definePage } from "../lib/lazy-page";
import { PATHS } from "../lib/paths";
import { telHref } from "../lib/tel";

/** /thanks: the request arrived; what happens next; a phone line for anything urgent. */
export function ThanksPage() {
  const brand = useBrand();
  return (
    <div className="container max-w-3xl py-12 sm:py-20">
      <CheckCircle2 className="size-12 text-gold-dark" aria-hidden="true" />
      <p className="eyebrow mt-4">{THANKS_PAGE.eyebrow}</p>
      <h1 className="mt-2 font-serif text-4xl font-bold text-navy sm:text-5xl">{THANKS_PAGE.title}</h1>
      <p className="mt-4 text-lg text-ink-muted">{THANKS_PAGE.lede}</p>

      <dl className="mt-8 grid gap-4 sm:grid-cols-2">
        <div className="rounded-xl border border-line bg-white p-5">
          <dt className="flex items-center gap-2 text-sm text-ink-muted">
            <Clock className="size-5 shrink-0 text-navy" aria-hidden="true" />
            {THANKS_PAGE.responseTime.label}
          </dt>
          <dd className="mt-1 font-semibold text-ink">{THANKS_PAGE.responseTime.value}</dd>
        </div>
        <div className="rounded-xl border border-line bg-white p-5">
          <dt className="flex items-center gap-2 text-sm text-ink-muted">
            <MailCheck className="size-5 shrink-0 text-navy" aria-hidden="true" />
            {THANKS_PAGE.confirmation.label}
          </dt>
          <dd className="mt-1 font-semibold text-ink">{THANKS_PAGE.confirmation.value}</dd>
        </div>
      </dl>

      <h2 className="mt-12 font-serif text-2xl font-bold text-navy">{THANKS_PAGE.nextStepsTitle}</h2>
      <ol className="mt-6 space-y-5">
        {NEXT_STEPS.map((step, i) => (
          <li key={step.title} className="flex gap-4">
            <span
              aria-hidden="true"
              className="flex size-9 shrink-0 items-center justify-center rounded-full bg-navy font-semibold text-white"
            >
              {i + 1}
            </span>
            <div>
              <h3 className="font-semibold text-ink">{step.title}</h3>
              <p className="mt-1 text-ink-muted">{step.text}</p>
            </div>
          </li>
        ))}
      </ol>

      <div className="mt-12 flex flex-wrap items-center gap-x-6 gap-y-4 border-t border-line pt-8">
        <Link href={PATHS.home} className="btn-navy">
          {THANKS_PAGE.home}
        </Link>
        <p className="text-ink">
          {THANKS_PAGE.phone}{" "}
          <a
            href={telHref(brand.phone)}
            className="inline-flex items-center gap-1 font-semibold text-navy underline"
          >
            <Phone className="size-4" aria-hidden="true" />
            {brand.phone}
          </a>
        </p>
      </div>
    </div>
  );
}

export const thanksPage = definePage({
  component: ThanksPage,
  meta: () => ({ ...THANKS_PAGE_META, noindex: true }),
});
