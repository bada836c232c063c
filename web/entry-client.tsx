import { StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { App } from "./app";
import { PAGE_DATA_ELEMENT_ID, type PageData, ROOT_ELEMENT_ID } from "./lib/page-data";

const dataElement = document.getElementById(PAGE_DATA_ELEMENT_ID);
const root = document.getElementById(ROOT_ELEMENT_ID);
if (dataElement?.textContent && root) {
  const data = JSON.parse(dataElement.textContent) as PageData;
  hydrateRoot(
    root,
    <StrictMode>
      <App data={data} onHydrated={() => root.setAttribute("data-hydrated", "")} />
    </StrictMode>,
  );
}
