import type { ProcessStep } from "../content/process";

export function ProcessSteps({ steps }: { steps: readonly ProcessStep[] }) {
  return (
    <ol className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-4">
      {steps.map((s) => (
        <li key={s.number} className="rounded-xl border border-line bg-white p-6">
          <span
            className="flex size-10 items-center justify-center rounded-full bg-navy font-serif text-lg font-bold text-gold"
            aria-hidden="true"
          >
            {s.number}
          </span>
          <h3 className="mt-4 text-lg font-bold text-navy">
            <span className="sr-only">Step {s.number}: </span>
            {s.title}
          </h3>
          <p className="mt-2 text-ink-muted">{s.description}</p>
        </li>
      ))}
    </ol>
  );
}
