import { Download, FileText, Info } from "lucide-react";
import { PATHS } from "../../src/contracts/paths";
import { RESOURCES_PAGE, RESOURCES_PAGE_META } from "../content/resources";
import { CARD_GRID, cardSpan } from "../lib/card-columns";
import { usePageData } from "../lib/page-data-context";
import { publicPage } from "../lib/public-page";

/** The published resources the server loaded (seeded built-in documents and uploads), in their order. */
export function ResourcesPage() {
  const resources = usePageData()?.content?.resources ?? [];
  return (
    <>
      <section className="bg-navy text-white">
        <div className="container py-14 sm:py-20">
          <p className="text-sm font-semibold uppercase tracking-wider text-gold">{RESOURCES_PAGE.eyebrow}</p>
          <h1 className="mt-3 max-w-3xl font-serif text-4xl font-bold leading-tight sm:text-5xl">
            {RESOURCES_PAGE.title}
          </h1>
          <p className="mt-5 max-w-2xl text-lg text-mist">{RESOURCES_PAGE.lede}</p>
        </div>
      </section>
      <section aria-label="Downloads" className="container py-14 sm:py-20">
        {resources.length === 0 && <p className="text-lg text-ink-muted">{RESOURCES_PAGE.empty}</p>}
        <ul className={CARD_GRID}>
          {resources.map((r, i) => (
            <li
              key={r.id}
              className={`flex flex-col rounded-xl border border-line bg-white p-6 shadow-sm ${cardSpan(i, resources.length)}`}
            >
              <FileText className="size-8 text-navy" aria-hidden="true" />
              <h2 className="mt-4 font-serif text-2xl font-bold text-navy">{r.title}</h2>
              <p className="mt-3 flex-1 text-ink-muted">{r.description}</p>
              <dl className="mt-6 space-y-2 border-t border-line pt-4 text-sm">
                <div className="flex justify-between gap-4">
                  <dt className="text-ink-muted">Format</dt>
                  <dd className="font-semibold text-ink">{r.format}</dd>
                </div>
                <div className="flex justify-between gap-4">
                  <dt className="text-ink-muted">Size</dt>
                  <dd className="font-semibold text-ink" data-testid="resource-size">
                    {r.size}
                  </dd>
                </div>
              </dl>
              {/* A plain link: downloads must work without JavaScript and bypass client routing. */}
              <a href={r.path} download className="btn-navy mt-6 w-full">
                <Download className="size-5" aria-hidden="true" />
                {RESOURCES_PAGE.download}
                <span className="sr-only">: {r.title}</span>
              </a>
            </li>
          ))}
        </ul>
        <aside className="mt-12 flex gap-4 rounded-xl border border-line bg-paper-deep p-6">
          <Info className="mt-0.5 size-6 shrink-0 text-gold-dark" aria-hidden="true" />
          <div>
            <h2 className="font-bold text-navy">{RESOURCES_PAGE.disclaimer.title}</h2>
            <p className="mt-2 text-ink-muted">{RESOURCES_PAGE.disclaimer.text}</p>
          </div>
        </aside>
      </section>
    </>
  );
}

export const resourcesPage = publicPage(ResourcesPage, PATHS.resources, RESOURCES_PAGE_META, {
  serverData: true,
});
