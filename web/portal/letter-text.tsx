import type { DocBlock } from "../../src/contracts/document";
import type { PortalLetter } from "../../src/contracts/portal";

/**
 * The engagement letter as text in the page: the very document its PDF was laid out from (kept with the letter
 * when it was sent), block by block, so what the client reads here is word for word what they download. The
 * signature lines are the signing step below, so the paper's blank lines are not drawn here.
 */
export function LetterText({ letter }: { letter: PortalLetter }) {
  return (
    <div className="letter-text text-ink" data-letter-text="">
      <h3 className="font-serif text-2xl font-bold text-navy">{letter.title}</h3>
      <p className="mt-2 text-ink-muted">{letter.subtitle}</p>
      <div className="mt-6 space-y-4 leading-relaxed">
        {letter.blocks.map((block, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the letter is frozen, its blocks never move
          <Block key={i} block={block} />
        ))}
      </div>
    </div>
  );
}

function Block({ block }: { block: DocBlock }) {
  switch (block.kind) {
    case "heading":
      return <h4 className="pt-2 font-serif text-xl font-bold text-navy">{block.text}</h4>;
    case "subheading":
      return <h5 className="font-semibold text-navy">{block.text}</h5>;
    case "paragraph":
      return <p className="whitespace-pre-line">{block.text}</p>;
    case "bullets":
    case "checklist":
      return (
        <ul className="list-disc space-y-2 pl-5">
          {block.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      );
    case "numbered":
      return (
        <ol className="list-decimal space-y-2 pl-5">
          {block.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ol>
      );
    case "terms":
      return (
        <ul className="list-disc space-y-2 pl-5">
          {block.items.map((item) => (
            <li key={item.term}>
              <strong className="font-semibold">{item.term}:</strong> {item.text}
            </li>
          ))}
        </ul>
      );
    case "fields":
      return (
        <dl className="grid gap-x-6 gap-y-2 rounded-lg bg-paper p-4 sm:grid-cols-[max-content_1fr]">
          {block.labels.map((label, i) => (
            <div key={label} className="contents">
              <dt className="font-semibold text-navy">{label}</dt>
              <dd className="break-words">{block.values?.[i] ?? ""}</dd>
            </div>
          ))}
        </dl>
      );
    case "note":
      return (
        <div className="rounded-lg border border-line p-4">
          <p className="font-semibold">{block.title}</p>
          <p className="mt-1">{block.text}</p>
        </div>
      );
    case "table":
      // A letter has none today; the document model the PDF is drawn from has them (a statement's entries).
      return (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead>
              <tr>
                {block.columns.map((c) => (
                  <th key={c.label} scope="col" className={`p-2 ${c.align === "right" ? "text-right" : ""}`}>
                    {c.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {[...block.rows, ...(block.total ? [block.total] : [])].map((row, r) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the letter is frozen, its rows never move
                <tr key={r} className="border-t border-line">
                  {row.map((cell, c) => (
                    <td
                      // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells are its columns, in order
                      key={c}
                      className={`p-2 ${block.columns[c]?.align === "right" ? "text-right" : ""}`}
                    >
                      {cell}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
    case "keep":
      return (
        <>
          {block.blocks.map((b, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the letter is frozen, its blocks never move
            <Block key={i} block={b} />
          ))}
        </>
      );
    default:
      // Signature lines, spacers and page breaks belong to the paper.
      return null;
  }
}
