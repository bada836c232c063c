import { CheckCircle2, Clock, MailCheck, MailWarning, Phone } from "lucide-react";
import { Link } from "wouter";
import { useHistoryState } from "wouter/use-browser-location";
import { type IntakeReceipt, isIntakeReceipt } from "../../src/contracts/intake";
import { NEXT_STEPS } from "../../src/contracts/next-steps";
import { PATHS } from "../../src/contracts/paths";
import { CONFIRMATION_COPY, THANKS_PAGE, THANKS_PAGE_META } from "../content/thanks";
import { useBrand } from "../lib/brand-context";
import { definePage } from "../lib/lazy-page";
import { usePageData } from "../lib/page-data-context";
import { telHref } from "../lib/tel";

/**
 * The visitor's receipt: handed over in the navigation's state by the form, or rendered by the server from the
 * receipt cookie (a reload, or the form posted without JavaScript). Never read from the URL.
 */
function useReceipt(served: IntakeReceipt | null): IntakeReceipt | null {
  const state = useHistoryState<{ receipt?: unknown } | null>();
  return isIntakeReceipt(state?.receipt) ? state.receipt : served;
}

/** /thanks: the request arrived; its reference and when we answer; what happens next; a phone line. */
export function ThanksPage() {
  const brand = useBrand();
  const served = usePageData()?.thanks;
  const receipt = useReceipt(served?.receipt ?? null);
  // Without a receipt the server's own mail state is all there is; a page that knows neither says nothing.
  const confirmation = receipt?.confirmation ?? served?.confirmation;
  const mail = confirmation ? CONFIRMATION_COPY[confirmation] : null;
  return (
    <div className="container max-w-3xl py-12 sm:py-20">
      <CheckCircle2 className="size-12 text-gold-dark" aria-hidden="true" />
      <p className="eyebrow mt-4">{THANKS_PAGE.eyebrow}</p>
      <h1 className="mt-2 font-serif text-4xl font-bold text-navy sm:text-5xl">{THANKS_PAGE.title}</h1>
      <p className="mt-4 text-lg text-ink-muted">{mail?.lede ?? THANKS_PAGE.lede}</p>

      {receipt && (
        // The page's own confirmation: the intake's toast is never laid over it (data-toast-avoid).
        <div data-toast-avoid className="mt-8 rounded-xl border-2 border-navy bg-white p-5">
          <p className="text-sm text-ink-muted">{THANKS_PAGE.reference.label}</p>
          <p className="mt-1 font-mono text-2xl font-bold text-navy" data-testid="reference">
            {receipt.reference}
          </p>
          <p className="mt-1 text-sm text-ink-muted">{THANKS_PAGE.reference.hint}</p>
        </div>
      )}

      <dl className="mt-8 grid gap-4 sm:grid-cols-2">
        <div className="rounded-xl border border-line bg-white p-5">
          <dt className="flex items-center gap-2 text-sm text-ink-muted">
            <Clock className="size-5 shrink-0 text-navy" aria-hidden="true" />
            {THANKS_PAGE.responseTime.label}
          </dt>
          <dd className="mt-1 font-semibold text-ink">{THANKS_PAGE.responseTime.value}</dd>
          {receipt && (
            <dd className="mt-1 text-ink">
              <time dateTime={receipt.respondBy}>{THANKS_PAGE.respondBy(receipt.respondByText)}</time>
            </dd>
          )}
        </div>
        {mail && confirmation && (
          <div data-toast-avoid className="rounded-xl border border-line bg-white p-5">
            <dt className="flex items-center gap-2 text-sm text-ink-muted">
              {confirmation === "queued" ? (
                <MailCheck className="size-5 shrink-0 text-navy" aria-hidden="true" />
              ) : (
                <MailWarning className="size-5 shrink-0 text-gold-dark" aria-hidden="true" />
              )}
              {mail.label}
            </dt>
            <dd className="mt-1 font-semibold text-ink">{mail.value}</dd>
          </div>
        )}
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
