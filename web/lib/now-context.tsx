import { createContext, useContext } from "react";

/**
 * The server's clock at render time (PageData.now), so dates shown on a page ("Last Updated") are the same in
 * the server's HTML and after hydration, whatever the visitor's clock or time zone.
 */
const NowContext = createContext<string>(new Date(0).toISOString());

export const NowProvider = NowContext.Provider;
export const useNow = () => new Date(useContext(NowContext));

/** "November 2026": month and year in UTC, the server's reference. */
export const monthYear = (date: Date) =>
  date.toLocaleDateString("en-US", { month: "long", year: "numeric", timeZone: "UTC" });
