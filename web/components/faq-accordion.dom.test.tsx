import { describe, expect, test } from "bun:test";
import { fireEvent, render, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { FaqAccordion } from "./faq-accordion";

const ITEMS = [
  { question: "What sources do you search?", answer: "Public records only." },
  { question: "Can you find bank accounts?", answer: "Not directly." },
  { question: "How current is the data?", answer: "Typically 30–90 days." },
];

const button = (name: string) => screen.getByRole("button", { name });
const panelOf = (b: HTMLElement) => document.getElementById(b.getAttribute("aria-controls") ?? "");

describe("FaqAccordion", () => {
  test("server HTML shows every answer, so the page reads without JavaScript", () => {
    const html = renderToString(<FaqAccordion items={ITEMS} />);
    for (const item of ITEMS) expect(html).toContain(item.answer);
    expect(html).not.toMatch(/\shidden[\s=>]/);
    expect(html).not.toContain('aria-expanded="false"');
  });

  test("in the browser every answer starts closed, with buttons wired to labelled regions", () => {
    render(<FaqAccordion items={ITEMS} />);
    for (const item of ITEMS) {
      const b = button(item.question);
      expect(b.getAttribute("aria-expanded")).toBe("false");
      const panel = panelOf(b);
      expect(panel).not.toBeNull();
      expect(panel?.hidden).toBe(true);
      expect(panel?.getAttribute("aria-labelledby")).toBe(b.id);
      expect(b.closest("h3")).not.toBeNull();
    }
  });

  test("one answer open at a time, and the open one closes again", () => {
    render(<FaqAccordion items={ITEMS} />);
    const [first, second] = [button(ITEMS[0]!.question), button(ITEMS[1]!.question)];
    fireEvent.click(first);
    expect(first.getAttribute("aria-expanded")).toBe("true");
    expect(panelOf(first)?.hidden).toBe(false);
    expect(screen.getByRole("region", { name: ITEMS[0]!.question }).textContent).toBe(ITEMS[0]!.answer);

    fireEvent.click(second);
    expect(second.getAttribute("aria-expanded")).toBe("true");
    expect(first.getAttribute("aria-expanded")).toBe("false");
    expect(panelOf(first)?.hidden).toBe(true);

    fireEvent.click(second);
    expect(second.getAttribute("aria-expanded")).toBe("false");
    expect(panelOf(second)?.hidden).toBe(true);
  });

  test("arrow keys, Home and End move focus between questions", () => {
    render(<FaqAccordion items={ITEMS} />);
    const buttons = ITEMS.map((i) => button(i.question));
    buttons[0]!.focus();
    fireEvent.keyDown(buttons[0]!, { key: "ArrowDown" });
    expect(document.activeElement).toBe(buttons[1]!);
    fireEvent.keyDown(buttons[1]!, { key: "End" });
    expect(document.activeElement).toBe(buttons[2]!);
    fireEvent.keyDown(buttons[2]!, { key: "ArrowDown" });
    expect(document.activeElement).toBe(buttons[0]!);
    fireEvent.keyDown(buttons[0]!, { key: "ArrowUp" });
    expect(document.activeElement).toBe(buttons[2]!);
    fireEvent.keyDown(buttons[2]!, { key: "Home" });
    expect(document.activeElement).toBe(buttons[0]!);
  });

  test("heading level can follow the page outline", () => {
    render(<FaqAccordion items={ITEMS} headingLevel={4} />);
    expect(button(ITEMS[0]!.question).closest("h4")).not.toBeNull();
  });
});
