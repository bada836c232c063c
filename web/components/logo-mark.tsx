/** The brand mark: a lens over ledger lines. Decorative next to the brand name, so hidden from assistive tech. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="7" fill="var(--brand-accent)" />
      <circle cx="14" cy="14" r="7.25" fill="none" stroke="var(--brand-primary)" strokeWidth="2.5" />
      <path d="M19.4 19.4 25 25" stroke="var(--brand-primary)" strokeWidth="3.2" strokeLinecap="round" />
      <path
        d="M10.6 12.4h6.8M10.6 15.6h4.6"
        stroke="var(--brand-primary)"
        strokeWidth="1.8"
        strokeLinecap="round"
      />
    </svg>
  );
}
