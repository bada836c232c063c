import type { ProcessStep } from "../content/process";

/** The steps as a timeline: numbered markers on one rule, not a row of boxes. */
export function ProcessSteps({ steps }: { steps: readonly ProcessStep[] }) {
  return (
    <ol className="relative mt-12 grid gap-10 md:grid-cols-2 lg:grid-cols-4 lg:gap-8">
      <span aria-hidden="true" className="absolute inset-x-0 top-5 hidden h-px bg-navy/25 lg:block" />
      {steps.map((s) => (
        <li key={s.number} className="relative">
          <span
            className="relative flex size-10 items-center justify-center rounded-full border border-navy bg-paper font-serif text-lg font-semibold text-navy"
            aria-hidden="true"
          >
            {s.number}
          </span>
          <h3 className="mt-5 text-lg font-semibold text-navy">
            <span className="sr-only">Step {s.number}: </span>
            {s.title}
          </h3>
          <p className="mt-2 text-ink-muted">{s.description}</p>
        </li>
      ))}
    </ol>
  );
}
