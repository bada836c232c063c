import { Mail, Phone } from "lucide-react";
import { PATHS } from "../../src/contracts/paths";
import { RETENTION_DEFAULTS } from "../../src/contracts/retention";
import { PageHero } from "../components/page-hero";
import { PRIVACY as C, PRIVACY_META, retentionSentences } from "../content/privacy";
import { useBrand } from "../lib/brand-context";
import { useFirmZone } from "../lib/dates";
import { firmMonth, monthYear, useNow } from "../lib/now-context";
import { usePageData } from "../lib/page-data-context";
import { publicPage } from "../lib/public-page";
import { telHref } from "../lib/tel";

export function PrivacyPage() {
  const brand = useBrand();
  const now = useNow();
  const zone = useFirmZone();
  // The live retention policy, loaded by the server (a policy change clears the page cache).
  const retention = usePageData()?.content?.retention ?? RETENTION_DEFAULTS;
  return (
    <>
      <PageHero eyebrow={C.eyebrow} title={C.title} lede={C.intro} tone="paper">
        <p className="mt-6 text-sm text-ink-muted">
          {C.lastUpdated}: <time dateTime={firmMonth(now, zone)}>{monthYear(now, zone)}</time>
        </p>
      </PageHero>

      <div className="container grid gap-10 py-12 sm:py-16 lg:grid-cols-[16rem_1fr]">
        <nav aria-label="Sections" className="hidden lg:sticky lg:top-24 lg:block lg:self-start">
          <ol className="space-y-2 text-sm">
            {C.sections.map((s, i) => (
              <li key={s.id}>
                <a href={`#${s.id}`} className="text-navy underline-offset-4 hover:underline">
                  {i + 1}. {s.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="max-w-3xl space-y-10">
          {C.sections.map((s, i) => (
            <section key={s.id} id={s.id} aria-labelledby={`${s.id}-title`}>
              <h2 id={`${s.id}-title`} className="font-serif text-2xl font-bold text-navy">
                {i + 1}. {s.title}
              </h2>
              <div className="mt-3 space-y-3 text-ink">
                {s.paragraphs.map((p) => (
                  <p key={p}>{p}</p>
                ))}
                {s.id === "security" ? (
                  <p data-testid="retention-sentences">{retentionSentences(retention)}</p>
                ) : null}
              </div>
              {s.id === "contact" ? (
                <ul className="mt-4 space-y-2">
                  <li>
                    <a
                      href={`mailto:${brand.email}`}
                      className="inline-flex items-center gap-2 font-semibold text-navy underline underline-offset-4"
                    >
                      <Mail className="size-5" aria-hidden="true" />
                      {brand.email}
                    </a>
                  </li>
                  <li>
                    <a
                      href={telHref(brand.phone)}
                      className="inline-flex items-center gap-2 font-semibold text-navy underline underline-offset-4"
                    >
                      <Phone className="size-5" aria-hidden="true" />
                      {brand.phone}
                    </a>
                  </li>
                </ul>
              ) : null}
            </section>
          ))}
        </div>
      </div>
    </>
  );
}

export const privacyPage = publicPage(PrivacyPage, PATHS.privacy, PRIVACY_META, { serverData: true });
