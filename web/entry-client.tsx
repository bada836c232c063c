import { StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { App } from "./app";
import { isLazyPage } from "./lib/lazy-page";
import { PAGE_DATA_ELEMENT_ID, type PageData, ROOT_ELEMENT_ID } from "./lib/page-data";
import { resolvePage } from "./routes";

const dataElement = document.getElementById(PAGE_DATA_ELEMENT_ID);
const root = document.getElementById(ROOT_ELEMENT_ID);
if (dataElement?.textContent && root) {
  const data = JSON.parse(dataElement.textContent) as PageData;
  const { component } = resolvePage(window.location.pathname, {
    brand: data.brand,
    publicUrl: data.publicUrl,
  });
  // Hydration must render exactly what the server did, so the page's own chunk is loaded first.
  if (isLazyPage(component)) await component.load();
  hydrateRoot(
    root,
    <StrictMode>
      <App data={data} onHydrated={() => root.setAttribute("data-hydrated", "")} />
    </StrictMode>,
  );
}
