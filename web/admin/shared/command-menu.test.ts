import { describe, expect, test } from "bun:test";
import { PATHS } from "../../../src/contracts/paths";
import { isCommandKey, matchScreens } from "./command-menu";

describe("the command menu", () => {
  test("opens on Ctrl-K and Cmd-K, in either case, and on nothing else", () => {
    const key = (k: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean }>) =>
      isCommandKey({ key: k, ctrlKey: false, metaKey: false, altKey: false, ...mods });
    expect(key("k", { ctrlKey: true })).toBe(true);
    expect(key("K", { ctrlKey: true })).toBe(true);
    expect(key("k", { metaKey: true })).toBe(true);
    expect(key("k", {})).toBe(false);
    expect(key("k", { ctrlKey: true, altKey: true })).toBe(false);
    expect(key("j", { ctrlKey: true })).toBe(false);
  });

  test("finds admin screens by any part of their name, every word typed, in the bar's order", () => {
    expect(matchScreens("")).toHaveLength(13);
    expect(matchScreens("privacy").map((s) => s.href)).toEqual([PATHS.adminPrivacy]);
    expect(matchScreens("AUDIT").map((s) => s.label)).toEqual(["Audit Log"]);
    expect(matchScreens("people test").map((s) => s.label)).toEqual(["People & Testimonials"]);
    expect(matchScreens("IR-260817-PDFG")).toEqual([]);
  });
});
