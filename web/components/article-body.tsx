import { CheckCircle2, Info, ListChecks, Square } from "lucide-react";
import type { ArticleBlock, ArticleSection } from "../content/articles/types";

/** An article's sections: headings, paragraphs, lists, numbered steps, checklists and callouts. */
export function ArticleBody({ sections }: { sections: readonly ArticleSection[] }) {
  return (
    <div className="space-y-10">
      {sections.map((section) => (
        <section key={section.heading}>
          <h2 className="font-serif text-2xl font-bold text-navy sm:text-3xl">{section.heading}</h2>
          <div className="mt-4 space-y-5">
            {section.blocks.map((block) => (
              <Block key={blockKey(block)} block={block} />
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}

/** Blocks are static copy: their own text is a stable key. */
function blockKey(b: ArticleBlock): string {
  if (b.kind === "paragraph") return `p:${b.text.slice(0, 60)}`;
  if (b.kind === "list" || b.kind === "steps") return `${b.kind}:${b.items[0] ?? ""}`;
  return `${b.kind}:${b.title}`;
}

function Block({ block }: { block: ArticleBlock }) {
  switch (block.kind) {
    case "paragraph":
      return <p className="text-lg leading-relaxed text-ink">{block.text}</p>;
    case "list":
      return (
        <ul className="space-y-2 text-lg leading-relaxed text-ink">
          {block.items.map((item) => (
            <li key={item} className="flex gap-3">
              <CheckCircle2 className="mt-1.5 size-5 shrink-0 text-gold-dark" aria-hidden="true" />
              <span>{item}</span>
            </li>
          ))}
        </ul>
      );
    case "steps":
      return (
        <ol className="space-y-3 text-lg leading-relaxed text-ink">
          {block.items.map((item, i) => (
            <li key={item} className="flex gap-3">
              <span
                className="mt-0.5 flex size-7 shrink-0 items-center justify-center rounded-full bg-navy text-sm font-bold text-white"
                aria-hidden="true"
              >
                {i + 1}
              </span>
              <span>{item}</span>
            </li>
          ))}
        </ol>
      );
    case "checklist":
      return (
        <div className="rounded-xl border border-line bg-white p-6 shadow-sm">
          <h3 className="flex items-center gap-2 text-lg font-bold text-navy">
            <ListChecks className="size-5 text-gold-dark" aria-hidden="true" />
            {block.title}
          </h3>
          <ul className="mt-4 space-y-3 text-ink">
            {block.items.map((item) => (
              <li key={item} className="flex gap-3">
                <Square className="mt-1 size-4 shrink-0 text-navy" aria-hidden="true" />
                <span>{item}</span>
              </li>
            ))}
          </ul>
        </div>
      );
    case "callout":
      return (
        <aside className="rounded-r-lg border-l-4 border-gold bg-gold-light p-5">
          <p className="flex items-center gap-2 font-bold text-navy">
            <Info className="size-5 text-gold-dark" aria-hidden="true" />
            {block.title}
          </p>
          <p className="mt-2 text-ink">{block.text}</p>
        </aside>
      );
  }
}
