import { useEffect, useState } from "react";
import { getJson } from "./api";

/**
 * One GET's answer for a screen: null while it loads, "failed" when it could not be read, else the data. An
 * answer that arrives after the screen has gone is dropped.
 */
export function useJson<T>(url: string): T | null | "failed" {
  const [value, setValue] = useState<T | null | "failed">(null);
  useEffect(() => {
    let live = true;
    setValue(null);
    getJson<T>([url]).then(
      (v) => live && setValue(v),
      () => live && setValue("failed"),
    );
    return () => {
      live = false;
    };
  }, [url]);
  return value;
}
