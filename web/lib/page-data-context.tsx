import { createContext, useContext } from "react";
import type { PageData } from "../../src/contracts/page-data";

const PageDataContext = createContext<PageData | null>(null);

/** The data the server rendered the first page with; pages that render request state (the intake form) read it. */
export const PageDataProvider = PageDataContext.Provider;
export const usePageData = () => useContext(PageDataContext);
