import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { PAGE_DATA_ELEMENT_ID, type PageData, ROOT_ELEMENT_ID } from "../src/contracts/page-data";
import { App } from "./app";
import { rememberVisitSource } from "./lib/visit-source";
import { loadPage } from "./routes";

rememberVisitSource();

const dataElement = document.getElementById(PAGE_DATA_ELEMENT_ID);
const root = document.getElementById(ROOT_ELEMENT_ID);
if (dataElement?.textContent && root) {
  const data = JSON.parse(dataElement.textContent) as PageData;
  // Hydration must render exactly what the server did, so the page's code (and any chunk it prepares, such
  // as an article's body) is loaded first.
  await loadPage(window.location.pathname, {
    brand: data.brand,
    publicUrl: data.publicUrl,
    content: data.content,
  });
  // As a transition, hydration yields to the browser every few milliseconds instead of holding the main thread
  // for the whole page: a tap or a frame is never kept waiting behind it (ADR 215).
  startTransition(() => {
    hydrateRoot(
      root,
      <StrictMode>
        <App data={data} onHydrated={() => root.setAttribute("data-hydrated", "")} />
      </StrictMode>,
    );
  });
}
