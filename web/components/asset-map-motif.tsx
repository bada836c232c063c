/**
 * The brand's one illustration: an asset map, the firm's work drawn as records (a deed, an LLC filing, a UCC
 * lien, a docket, a vehicle title, a wire) linked to the subject at the centre, one trail picked out in gold.
 * Pure SVG in the markup (no request, no inline style under the CSP), decorative, so hidden from assistive
 * technology. "dark" draws on navy, "light" on paper; `detail` leaves out the labels for small uses.
 */
type Node = { x: number; y: number; label: string; sub: string };

const SUBJECT = { x: 280, y: 220 };

const RECORDS: readonly Node[] = [
  { x: 96, y: 84, label: "Deed", sub: "Recorded 2019" },
  { x: 452, y: 70, label: "LLC filing", sub: "Managing member" },
  { x: 500, y: 232, label: "UCC-1", sub: "Secured party" },
  { x: 430, y: 378, label: "Docket", sub: "Civil, 2022" },
  { x: 118, y: 360, label: "Title", sub: "Vessel, 2021" },
  { x: 64, y: 222, label: "Wire", sub: "$48,000 out" },
];

/** The traced trail: subject → LLC filing → UCC-1 → docket. */
const TRAIL = [1, 2, 3] as const;

/** Links between records the trail does not use: what a map shows beside the finding. */
const CROSS_LINKS: readonly [number, number][] = [
  [0, 5],
  [0, 1],
  [4, 3],
  [5, 4],
];

export function AssetMapMotif({
  tone = "dark",
  detail = true,
  className,
}: {
  tone?: "dark" | "light";
  detail?: boolean;
  className?: string;
}) {
  const line = tone === "dark" ? "text-white/25" : "text-navy/20";
  const node = tone === "dark" ? "text-white/70" : "text-navy/60";
  const card = tone === "dark" ? "fill-navy-800" : "fill-white";
  const labelClass = tone === "dark" ? "fill-white" : "fill-navy";
  const subClass = tone === "dark" ? "fill-mist" : "fill-ink-muted";
  const trail = [SUBJECT, ...TRAIL.map((i) => RECORDS[i] as Node)];
  return (
    <svg viewBox="0 0 560 440" className={className} aria-hidden="true" focusable="false">
      {/* The grid of a survey sheet, faint; only where the map is drawn in full (the bytes count on every page). */}
      {detail ? (
        <g className={line} stroke="currentColor" strokeWidth="0.6" opacity="0.5">
          {[80, 160, 240, 320, 400].map((y) => (
            <path key={`h${y}`} d={`M0 ${y}H560`} strokeDasharray="2 6" />
          ))}
          {[70, 140, 210, 280, 350, 420, 490].map((x) => (
            <path key={`v${x}`} d={`M${x} 0V440`} strokeDasharray="2 6" />
          ))}
        </g>
      ) : null}
      <g className={line} stroke="currentColor" strokeWidth="1.2" fill="none">
        {RECORDS.map((r) => (
          <path key={r.label} d={`M${SUBJECT.x} ${SUBJECT.y}L${r.x} ${r.y}`} />
        ))}
        {CROSS_LINKS.map(([a, b]) => {
          const p = RECORDS[a] as Node;
          const q = RECORDS[b] as Node;
          return <path key={`${a}-${b}`} d={`M${p.x} ${p.y}L${q.x} ${q.y}`} strokeDasharray="4 5" />;
        })}
      </g>
      <path
        d={trail.map((p, i) => `${i ? "L" : "M"}${p.x} ${p.y}`).join("")}
        className="text-gold"
        stroke="currentColor"
        strokeWidth="2.5"
        strokeLinejoin="round"
        fill="none"
      />
      {RECORDS.map((r, i) => {
        const onTrail = (TRAIL as readonly number[]).includes(i);
        return (
          <g key={r.label} transform={`translate(${r.x} ${r.y})`}>
            {detail ? (
              <>
                <rect
                  x="-56"
                  y="-22"
                  width="112"
                  height="44"
                  rx="5"
                  className={`${card} ${onTrail ? "text-gold" : node}`}
                  stroke="currentColor"
                  strokeWidth={onTrail ? 1.8 : 1}
                />
                <text x="-46" y="-3" className={`${labelClass} font-serif`} fontSize="14" fontWeight="600">
                  {r.label}
                </text>
                <text x="-46" y="13" className={`${subClass} font-sans`} fontSize="10.5">
                  {r.sub}
                </text>
              </>
            ) : (
              <circle r="7" className={onTrail ? "fill-gold" : `${node} fill-current`} />
            )}
          </g>
        );
      })}
      <g transform={`translate(${SUBJECT.x} ${SUBJECT.y})`}>
        <circle
          r="34"
          className="text-gold"
          stroke="currentColor"
          strokeWidth="1.5"
          fill="none"
          opacity="0.6"
        />
        <circle r="22" className="fill-gold" />
        <circle r="8" className="fill-navy" />
      </g>
    </svg>
  );
}
