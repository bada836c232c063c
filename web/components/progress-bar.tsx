/**
 * A file's progress: a native <progress> for assistive technology (labelled by the caller's <label htmlFor>),
 * drawn as a plain bar in the brand's colours, navy while it moves and when done, red for a file not sent.
 * The native element's own look is not styled: its pseudo-elements differ per engine, and a rule naming one an
 * engine does not know is dropped whole by that engine, taking any utility it was merged with along.
 */
export function ProgressBar({
  id,
  value,
  max,
  failed,
  className = "",
}: {
  id: string;
  value: number;
  max: number;
  failed?: boolean;
  className?: string;
}) {
  const part = max > 0 ? Math.min(1, value / max) : 1;
  return (
    <div className={className}>
      <progress id={id} max={max || 1} value={max > 0 ? value : 1} className="sr-only" />
      <div aria-hidden="true" className="h-2.5 w-full overflow-hidden rounded-full bg-paper-deep">
        <div
          className={`h-full rounded-full transition-[width] ${failed ? "bg-danger" : "bg-navy"}`}
          style={{ width: `${(part * 100).toFixed(1)}%` }}
        />
      </div>
    </div>
  );
}
