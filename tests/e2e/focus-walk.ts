import type { CDPSession, Page } from "@playwright/test";

/** One focus stop whose indicator falls short, as a reader of the failure needs it. */
export type FocusFault = { element: string; reason: string };

type Box = { x: number; y: number; width: number; height: number };

type Stop = { label: string; box: Box; covered: boolean; computed: string | null };

/**
 * Tabs through the page from its start until focus leaves the document (or comes round again), and checks
 * every stop against WCAG 2.4.7, 2.4.11 and 2.4.13:
 * - from the computed styles, focused and unfocused: what changes on focus (outline, box-shadow bands,
 *   background, border) must include a band of at least 2 px whose colour has 3:1 contrast against what
 *   surrounds it (the background behind the element for an outer band, the element's own for an inset one),
 *   not clipped away by a scrolling or overflow-hidden ancestor;
 * - the element is not hidden under the sticky header or the Request Intake bar;
 * - with `pixels`, also from screenshots of the element focused and unfocused in the same layout: the
 *   pixels that change by 3:1 or more cover at least a 2 px perimeter of the element.
 */
export async function walkFocus(
  page: Page,
  opts: { pixels?: boolean; maxStops?: number } = {},
): Promise<{ stops: string[]; faults: FocusFault[] }> {
  // Each state is read the moment it is set: no transition may stand between (the context bypasses the CSP
  // for this one test stylesheet).
  await page.addStyleTag({
    content: "*,*::before,*::after{transition:none!important;animation:none!important}",
  });
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
  });
  const cdp = opts.pixels ? await page.context().newCDPSession(page) : undefined;
  // The screenshots are decoded in a page of a context of its own: a second page in the walked page's context
  // would be its window's front tab, and the walked page, behind it, would draw one frame a second (every
  // screenshot waiting up to two seconds for it).
  const browser = page.context().browser();
  if (opts.pixels && !browser) throw new Error("the pixel check needs a browser to open its decoder in");
  const decoderContext = opts.pixels ? await browser?.newContext() : undefined;
  const decoder = await decoderContext?.newPage();
  const stops: string[] = [];
  const faults: FocusFault[] = [];
  const viewport = page.viewportSize();
  if (!viewport) throw new Error("the page has no viewport size");
  try {
    for (let i = 0; i < (opts.maxStops ?? 250); i++) {
      await page.keyboard.press("Tab");
      const stop: Stop | null = await page.evaluate(inspectFocusedElement, i);
      // A date or time field takes Tab through its own parts (day, month, year, hour…) while it keeps focus: a
      // second visit to it is that, not the walk come round again.
      if (!stop && (await page.evaluate(inDateParts))) continue;
      if (!stop) break;
      stops.push(stop.label);
      if (stop.covered) faults.push({ element: stop.label, reason: "hidden under the sticky header or bar" });
      if (stop.computed) faults.push({ element: stop.label, reason: stop.computed });
      if (cdp && decoder && !stop.covered) {
        // Tab scrolls a stop only just into view, where the floating Request Intake button or the viewport's edge
        // can cover part of its ring, and a smooth scroll may still be moving it: the ring is compared where it is
        // seen whole and still (whether a bar hides the stop itself was judged above, where Tab left it).
        const box = await page.evaluate(() => {
          const el = document.activeElement as HTMLElement;
          el.scrollIntoView({ block: "center", inline: "nearest", behavior: "instant" });
          const r = el.getBoundingClientRect();
          return { x: r.left, y: r.top, width: r.width, height: r.height };
        });
        const fault = await pixelCheck(page, cdp, decoder, box, viewport);
        if (fault) faults.push({ element: stop.label, reason: fault });
      }
    }
  } finally {
    // Also when a step throws: the decoder's context would otherwise stay open until the worker ends.
    await cdp?.detach();
    await decoderContext?.close();
  }
  return { stops, faults };
}

/** Run in the page: whether focus is on a date or time field, which Tab walks part by part. */
function inDateParts(): boolean {
  const el = document.activeElement;
  return el instanceof HTMLInputElement && /^(date|time|datetime-local|month|week)$/.test(el.type);
}

/**
 * Run in the page for the element that has focus: its label, box, whether a sticky bar hides it, and what
 * the computed styles say of its indicator (null when it is good enough). Marks each stop so a second visit
 * ends the walk.
 */
function inspectFocusedElement(n: number): Stop | null {
  const el = document.activeElement as HTMLElement | null;
  if (!el || el === document.body || el === document.documentElement) return null;
  if (el.dataset.focusStop) return null;
  el.dataset.focusStop = String(n);
  const r = el.getBoundingClientRect();
  const name = (el.getAttribute("aria-label") ?? el.textContent ?? "").trim().replace(/\s+/g, " ");
  const label = `${el.tagName.toLowerCase()} "${name.slice(0, 50)}"${el.getAttribute("href") ? ` ${el.getAttribute("href")}` : ""}`;
  // Under a sticky part only if that part is drawn over it: a skip link shown over the header is on top of it.
  const atCentre = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  const onTop = atCentre !== null && (atCentre === el || el.contains(atCentre));
  const covered =
    !onTop &&
    [...document.querySelectorAll<HTMLElement>("header, [data-testid=sticky-intake]")]
      .filter((c) => !c.contains(el) && !el.contains(c) && c.checkVisibility({ visibilityProperty: true }))
      .map((c) => c.getBoundingClientRect())
      .some((c) => c.left <= r.left && c.right >= r.right && c.top <= r.top && c.bottom >= r.bottom);

  type Rgba = [number, number, number, number];
  // Computed colours come in several notations (rgb, oklab, color-mix…): a canvas reads them all as sRGB.
  const probe = document.createElement("canvas").getContext("2d", { willReadFrequently: true });
  const parse = (c: string): Rgba => {
    if (!probe) throw new Error("no 2d context");
    probe.clearRect(0, 0, 1, 1);
    probe.fillStyle = "rgba(0, 0, 0, 0)";
    probe.fillStyle = c;
    probe.fillRect(0, 0, 1, 1);
    const [r = 0, g = 0, b = 0, a = 0] = probe.getImageData(0, 0, 1, 1).data;
    return [r, g, b, a / 255];
  };
  const channel = (v: number) => {
    const s = v / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  const lum = (c: Rgba) => 0.2126 * channel(c[0]) + 0.7152 * channel(c[1]) + 0.0722 * channel(c[2]);
  const contrast = (a: Rgba, b: Rgba) => {
    const [x, y] = [lum(a), lum(b)];
    return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
  };
  /** The first opaque background at or above `from`: what the element is seen against. */
  const backdrop = (from: Element | null): Rgba => {
    for (let e = from; e; e = e.parentElement) {
      const c = parse(getComputedStyle(e).backgroundColor);
      if (c[3] > 0.5) return c;
    }
    return [255, 255, 255, 1];
  };
  const snapshot = () => {
    const s = getComputedStyle(el);
    return {
      outline: `${s.outlineStyle} ${s.outlineWidth} ${s.outlineColor} ${s.outlineOffset}`,
      outlineStyle: s.outlineStyle,
      outlineWidth: Number.parseFloat(s.outlineWidth),
      outlineColor: s.outlineColor,
      boxShadow: s.boxShadow,
      background: s.backgroundColor,
      border: s.borderColor,
      borderWidth: Number.parseFloat(s.borderTopWidth),
    };
  };
  const focused = snapshot();
  setFocusQuietly(false);
  const unfocused = snapshot();
  setFocusQuietly(true);

  const around = backdrop(el.parentElement);
  const own = backdrop(el);
  type Band = { colour: Rgba; width: number; inset: boolean; what: string };
  const bands: Band[] = [];
  if (focused.outline !== unfocused.outline && focused.outlineStyle !== "none")
    bands.push({
      colour: parse(focused.outlineColor),
      width: focused.outlineWidth,
      inset: false,
      what: "outline",
    });
  if (focused.boxShadow !== unfocused.boxShadow && focused.boxShadow !== "none") {
    // "rgb(…) 0px 0px 0px 3px, rgb(…) 0px 0px 0px 6px": the first is painted on top, so each band shows
    // from the spread of the one above it to its own.
    const shadows = [
      ...focused.boxShadow.matchAll(
        /((?:rgba?|oklab|oklch|lab|lch|color)\([^)]*\)|#[\da-f]+|[a-z]+)\s+([-\d.]+)px\s+([-\d.]+)px\s+([-\d.]+)px\s+([-\d.]+)px(\s+inset)?/g,
      ),
    ];
    for (const inset of [false, true]) {
      let inner = 0;
      for (const m of shadows.filter((s) => Boolean(s[6]) === inset)) {
        const spread = Number(m[5]);
        if (spread > inner)
          bands.push({ colour: parse(m[1] ?? ""), width: spread - inner, inset, what: "box-shadow" });
        inner = Math.max(inner, spread);
      }
    }
  }
  if (focused.background !== unfocused.background)
    bands.push({
      colour: parse(focused.background),
      width: Math.min(r.width, r.height),
      inset: true,
      what: "background",
    });
  if (focused.border !== unfocused.border && focused.borderWidth > 0)
    bands.push({ colour: parse(focused.border), width: focused.borderWidth, inset: true, what: "border" });

  const usable = bands.filter((b) => b.colour[3] > 0.5 && b.width >= 2);
  const best = usable
    .map((b) => ({
      ...b,
      ratio: contrast(
        b.colour,
        b.inset ? (parse(unfocused.background)[3] > 0.5 ? parse(unfocused.background) : own) : around,
      ),
    }))
    .sort((a, b) => b.ratio - a.ratio)[0];
  let computed: string | null = null;
  if (!best) computed = "nothing of at least 2 px changes on focus";
  else if (best.ratio < 3)
    computed = `best indicator (${best.what}) has ${best.ratio.toFixed(2)}:1 against its surroundings`;
  else if (!best.inset) {
    // An outer band is lost where a clipping ancestor cuts it off.
    const reach =
      best.what === "outline"
        ? focused.outlineWidth + Math.max(0, Number.parseFloat(getComputedStyle(el).outlineOffset))
        : 6;
    for (let e = el.parentElement; e && e !== document.body; e = e.parentElement) {
      const s = getComputedStyle(e);
      if (s.overflowX === "visible" && s.overflowY === "visible") continue;
      const c = e.getBoundingClientRect();
      if (
        r.left - reach < c.left - 0.5 ||
        r.right + reach > c.right + 0.5 ||
        r.top - reach < c.top - 0.5 ||
        r.bottom + reach > c.bottom + 0.5
      ) {
        computed = `indicator clipped by ${e.tagName.toLowerCase()}.${[...e.classList].slice(0, 3).join(".")}`;
      }
      break;
    }
  }
  return { label, box: { x: r.left, y: r.top, width: r.width, height: r.height }, covered, computed };
}

/** Installed in the page before the walk: blur or refocus the current stop without the page's handlers seeing it. */
export async function installQuietFocus(page: Page) {
  await page.addInitScript(() => {
    const quiet = (e: Event) => e.stopImmediatePropagation();
    const events = ["focus", "blur", "focusin", "focusout"];
    let last: HTMLElement | null = null;
    (window as unknown as { setFocusQuietly: (on: boolean) => void }).setFocusQuietly = (on) => {
      for (const type of events) window.addEventListener(type, quiet, true);
      try {
        if (on) last?.focus({ preventScroll: true });
        else {
          last = document.activeElement as HTMLElement | null;
          last?.blur();
        }
      } finally {
        for (const type of events) window.removeEventListener(type, quiet, true);
      }
    };
  });
}

declare global {
  function setFocusQuietly(on: boolean): void;
}

function grow(box: Box, by: number, viewport: { width: number; height: number }): Box | undefined {
  const x = Math.max(0, Math.floor(box.x - by));
  const y = Math.max(0, Math.floor(box.y - by));
  const right = Math.min(viewport.width, Math.ceil(box.x + box.width + by));
  const bottom = Math.min(viewport.height, Math.ceil(box.y + box.height + by));
  if (right - x < 1 || bottom - y < 1) return undefined;
  return { x, y, width: right - x, height: bottom - y };
}

async function pixelCheck(
  page: Page,
  cdp: CDPSession,
  decoder: Page,
  box: Box,
  viewport: { width: number; height: number },
): Promise<string | null> {
  const clip = grow(box, 10, viewport);
  if (!clip) return "outside the viewport when focused";
  // The protocol's clip is in document coordinates.
  const scroll = await page.evaluate(() => ({ x: window.scrollX, y: window.scrollY }));
  const area = { ...clip, x: clip.x + scroll.x, y: clip.y + scroll.y, scale: 1 };
  const shot = async () => (await cdp.send("Page.captureScreenshot", { format: "png", clip: area })).data;
  const focused = await shot();
  await page.evaluate(() => setFocusQuietly(false));
  const unfocused = await shot();
  await page.evaluate(() => setFocusQuietly(true));
  const strong = await contrastChange(decoder, focused, unfocused);
  const visible = grow(box, 0, viewport) ?? box;
  const needed = Math.round(2 * (2 * visible.width + 2 * visible.height));
  return strong >= needed
    ? null
    : `on screen, ${strong} px change by 3:1 or more between focused and unfocused; at least ${needed} needed`;
}

/** How many pixels differ between two same-sized PNG screenshots (base64) by a contrast ratio of 3:1 or more. */
async function contrastChange(decoder: Page, a64: string, b64: string): Promise<number> {
  return decoder.evaluate(
    async ([a, b]) => {
      const pixels = async (data: string) => {
        const img = new Image();
        img.src = `data:image/png;base64,${data}`;
        await img.decode();
        const canvas = document.createElement("canvas");
        canvas.width = img.width;
        canvas.height = img.height;
        const g = canvas.getContext("2d", { willReadFrequently: true });
        if (!g) throw new Error("no 2d context");
        g.drawImage(img, 0, 0);
        return g.getImageData(0, 0, img.width, img.height).data;
      };
      const [p, q] = await Promise.all([pixels(a), pixels(b)]);
      const channel = (v: number) => {
        const s = v / 255;
        return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      const luminance = (d: Uint8ClampedArray, i: number) =>
        0.2126 * channel(d[i] ?? 0) + 0.7152 * channel(d[i + 1] ?? 0) + 0.0722 * channel(d[i + 2] ?? 0);
      let strong = 0;
      for (let i = 0; i < p.length; i += 4) {
        if (p[i] === q[i] && p[i + 1] === q[i + 1] && p[i + 2] === q[i + 2]) continue;
        const l1 = luminance(p, i);
        const l2 = luminance(q, i);
        if ((Math.max(l1, l2) + 0.05) / (Math.min(l1, l2) + 0.05) >= 3) strong++;
      }
      return strong;
    },
    [a64, b64] as const,
  );
}
