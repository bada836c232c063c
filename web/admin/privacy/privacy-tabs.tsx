import { Link, useLocation } from "wouter";
import { PATHS } from "../../../src/contracts/paths";

const TABS = [
  { href: PATHS.adminPrivacy, label: "Retention" },
  { href: PATHS.adminDataRequests, label: "Data Requests" },
];

/** The two screens of Data & Privacy, side by side under one admin section. */
export function PrivacyTabs() {
  const [location] = useLocation();
  return (
    <nav aria-label="Data and privacy" className="mt-6 border-b border-line">
      <ul className="flex gap-1">
        {TABS.map(({ href, label }) => (
          <li key={href}>
            <Link
              href={href}
              aria-current={location === href ? "page" : undefined}
              className="-mb-px flex min-h-11 items-center border-b-4 border-transparent px-3 font-semibold text-ink-muted no-underline hover:text-navy aria-[current=page]:border-navy aria-[current=page]:text-navy"
            >
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
