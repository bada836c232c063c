import { ChevronDown } from "lucide-react";
import { type KeyboardEvent, useId, useRef, useState, useSyncExternalStore } from "react";
import type { FaqItem } from "../content/service-details";

const subscribe = () => () => {};
/**
 * False in the server's HTML and during hydration, true once React runs in the browser. Before that every
 * answer is shown, so the page reads completely with JavaScript off and hydration matches the server.
 */
const useEnhanced = () =>
  useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );

/**
 * FAQ accordion (WAI-ARIA APG accordion pattern): each question is a button inside a heading that controls a
 * labelled region. One answer is open at a time; activating the open question closes it. ArrowUp/ArrowDown,
 * Home and End move between questions.
 */
export function FaqAccordion({
  items,
  headingLevel = 3,
}: {
  items: readonly FaqItem[];
  headingLevel?: 2 | 3 | 4;
}) {
  const enhanced = useEnhanced();
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const baseId = useId();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const Heading = `h${headingLevel}` as const;

  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = items.length - 1;
    const target =
      e.key === "ArrowDown"
        ? index === last
          ? 0
          : index + 1
        : e.key === "ArrowUp"
          ? index === 0
            ? last
            : index - 1
          : e.key === "Home"
            ? 0
            : e.key === "End"
              ? last
              : null;
    if (target === null) return;
    e.preventDefault();
    buttons.current[target]?.focus();
  };

  return (
    <div className="divide-y divide-line rounded-xl border border-line bg-white">
      {items.map((item, i) => {
        const open = !enhanced || openIndex === i;
        const buttonId = `${baseId}-q${i}`;
        const panelId = `${baseId}-a${i}`;
        return (
          <div key={item.question} data-testid="faq-item">
            <Heading className="m-0 text-base font-semibold sm:text-lg">
              <button
                ref={(el) => {
                  buttons.current[i] = el;
                }}
                id={buttonId}
                type="button"
                aria-expanded={open}
                aria-controls={panelId}
                onClick={() => setOpenIndex((current) => (current === i ? null : i))}
                onKeyDown={(e) => onKeyDown(e, i)}
                className="flex w-full cursor-pointer items-center justify-between gap-4 bg-transparent px-5 py-4 text-left font-semibold text-navy hover:bg-paper sm:px-6"
              >
                <span>{item.question}</span>
                <ChevronDown
                  className={`size-5 shrink-0 text-gold-dark transition-transform ${open ? "rotate-180" : ""}`}
                  aria-hidden="true"
                />
              </button>
            </Heading>
            <section
              id={panelId}
              aria-labelledby={buttonId}
              hidden={!open}
              className="px-5 pb-5 text-ink-muted sm:px-6"
            >
              <p>{item.answer}</p>
            </section>
          </div>
        );
      })}
    </div>
  );
}
