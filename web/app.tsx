import { useEffect, useReducer, useRef } from "react";
import { Router, useLocation } from "wouter";
import { fullTitle, type PageMeta } from "../src/contracts/meta";
import type { PageData } from "../src/contracts/page-data";
import { sameOriginPath } from "../src/contracts/same-origin-path";
import { SiteFooter } from "./components/site-footer";
import { SiteHeader } from "./components/site-header";
import { StickyIntake } from "./components/sticky-intake";
import { Toaster } from "./components/toaster";
import { BrandProvider, useBrand } from "./lib/brand-context";
import { setFirmZone, useFirmZone } from "./lib/dates";
import { finishesNavigation, focusPageHeading, rememberNavigation } from "./lib/navigation-focus";
import { firmMonth } from "./lib/now-context";
import { PageDataProvider } from "./lib/page-data-context";
import { needsServerData, type ResolvedPage, resolvePage, siteStylesheetFits } from "./routes";

/** The whole UI. On the server ssrPath/ssrSearch give the location; in the browser wouter reads it. */
export function App({
  data,
  ssrPath,
  ssrSearch,
  onHydrated,
}: {
  data: PageData;
  ssrPath?: string;
  ssrSearch?: string;
  /** Called once after the first client render; tests and the e2e suite wait on it. */
  onHydrated?: () => void;
}) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, after hydration
  useEffect(() => onHydrated?.(), []);
  setFirmZone(data.timeZone);
  return (
    <Router ssrPath={ssrPath} ssrSearch={ssrSearch}>
      <BrandProvider value={data.brand}>
        <PageDataProvider value={data}>
          <Shell data={data} />
        </PageDataProvider>
      </BrandProvider>
    </Router>
  );
}

function Shell({ data }: { data: PageData }) {
  const [location] = useLocation();
  const brand = useBrand();
  const shown = useLoadedPage(
    location,
    resolvePage(location, { brand, publicUrl: data.publicUrl, content: data.content }),
    data,
  );
  const { page } = shown;
  const Page = page.definition.component;
  const mainRef = useRef<HTMLElement>(null);
  const firmZone = useFirmZone();
  useNavigationEffects(shown.location, page.meta, data.publicUrl, mainRef);

  // The admin and the portal draw their own frames: neither has the public menu, intake buttons or footer.
  if (page.layout === "admin" || page.layout === "portal") {
    return (
      <>
        <Page params={page.params} />
        <Toaster />
      </>
    );
  }
  return (
    <>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" ref={mainRef} tabIndex={-1} className="outline-none">
        <Page params={page.params} />
      </main>
      <SiteFooter year={Number(firmMonth(new Date(data.now), firmZone).slice(0, 4))} />
      <StickyIntake />
      <Toaster />
    </>
  );
}

/**
 * The page to show. A page whose code is still loading (after a client navigation) keeps the previous page on
 * screen until it arrives, like a browser does between documents. The first render always has its code: the
 * server rendered it, and the client entry loads it before hydrating.
 */
type ShownPage = { location: string; page: ResolvedPage };

function useLoadedPage(location: string, next: ResolvedPage | Promise<unknown>, data: PageData): ShownPage {
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const shown = useRef<ShownPage | null>(null);
  const reloading = useRef<string | null>(null);
  const siteSheetOnly = useRef<boolean | null>(null);
  if (next instanceof Promise) {
    // Code that fails to load (a deploy replaced it) is fetched the old-fashioned way: a full page load.
    next.then(rerender, () => window.location.assign(sameOriginPath(location)));
    if (!shown.current) throw new Error(`Page ${location} rendered before its code was loaded`);
  } else if (needsServerData(next) && data.content?.path !== location && shown.current) {
    // Its data comes from the server with the document: load the new URL (already in the address bar) as a
    // whole page, small and cached, keeping the current page on screen meanwhile. No page renders without
    // its data.
    if (reloading.current !== location) {
      reloading.current = location;
      rememberNavigation(location);
      window.location.reload();
    }
  } else if (shown.current && siteSheetOnly.current && !siteStylesheetFits(next.route)) {
    // A document served for a public page holds the site's stylesheet only (ADR 165); the admin and the portal
    // need rules it leaves out, which their own document brings: load it whole.
    if (reloading.current !== location) {
      reloading.current = location;
      window.location.reload();
    }
  } else shown.current = { location, page: next };
  siteSheetOnly.current ??= siteStylesheetFits(shown.current.page.route);
  return shown.current as ShownPage;
}

/**
 * After a client-side navigation, once the new page is on screen (never on the first render): update the head
 * the server would have sent,
 * scroll to the top (or the #fragment) and move focus to the new page's heading so screen readers start there.
 * A page loaded whole to finish a navigation (its data comes with the document) is treated the same on its
 * first render.
 */
function useNavigationEffects(
  location: string,
  meta: PageMeta,
  publicUrl: string,
  mainRef: React.RefObject<HTMLElement | null>,
) {
  const brand = useBrand();
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per location change
  useEffect(() => {
    if (first.current) {
      first.current = false;
      if (finishesNavigation(location) && !window.location.hash) {
        window.scrollTo(0, 0);
        focusPageHeading(mainRef.current);
      }
      return;
    }
    const title = fullTitle(meta.title, brand.name);
    document.title = title;
    setHead('meta[name="description"]', "content", meta.description);
    setHead('meta[property="og:title"]', "content", title);
    setHead('meta[property="og:description"]', "content", meta.description);
    setHead('meta[property="og:url"]', "content", `${publicUrl}${location}`);
    setHead('link[rel="canonical"]', "href", `${publicUrl}${location}`);
    if (!window.location.hash) {
      window.scrollTo(0, 0);
      focusPageHeading(mainRef.current);
    }
  }, [location]);
}

function setHead(selector: string, attribute: string, value: string) {
  document.head.querySelector(selector)?.setAttribute(attribute, value);
}
