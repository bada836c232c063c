import { Mail, Phone } from "lucide-react";
import { Link } from "wouter";
import { RESPONSE_SLA } from "../../src/contracts/constants";
import { PATHS } from "../../src/contracts/paths";
import { ATTORNEY_SERVICES } from "../../src/contracts/services";
import {
  CASE_STUDIES_LINK,
  DISCLAIMER,
  FOOTER_COMPANY_LINKS,
  FOOTER_LEGAL_LINKS,
} from "../content/navigation";
import { useBrand } from "../lib/brand-context";
import { usePageData } from "../lib/page-data-context";
import { telHref } from "../lib/tel";
import { LogoMark } from "./logo-mark";

const linkClass = "text-mist no-underline hover:text-white hover:underline";

function Column({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div>
      <h2 className="text-sm font-semibold uppercase tracking-wider text-gold">{title}</h2>
      <ul className="mt-3 space-y-2 text-sm">{children}</ul>
    </div>
  );
}

/** Padding at the bottom keeps the last line clear of the sticky "Request Intake" link at every width. */
export function SiteFooter({ year }: { year: number }) {
  const brand = useBrand();
  // Case studies are linked only while some are published: never a link to an empty page.
  const company = usePageData()?.firm?.caseStudies
    ? [...FOOTER_COMPANY_LINKS, CASE_STUDIES_LINK]
    : FOOTER_COMPANY_LINKS;
  // Below lg the Request Intake bar is fixed over the bottom of the screen, so the footer leaves room under its
  // last line; from lg up the bar is a tab at the side and the footer ends as it starts.
  return (
    <footer className="bg-navy pb-24 pt-12 text-white sm:pb-28 lg:pb-12">
      <div className="container">
        <div className="grid gap-10 sm:grid-cols-2 lg:grid-cols-5">
          <div className="lg:col-span-1">
            <p className="flex items-center gap-2 font-serif text-lg font-bold">
              <LogoMark className="size-7" />
              {brand.name}
            </p>
            <p className="mt-3 text-sm text-mist">{brand.slogan}</p>
            {brand.address ? <p className="mt-3 text-sm text-mist">{brand.address}</p> : null}
          </div>
          <Column title="Services">
            {ATTORNEY_SERVICES.map((s) => (
              <li key={s.id}>
                <Link href={s.path} className={linkClass}>
                  {s.name}
                </Link>
              </li>
            ))}
            <li>
              <Link href={PATHS.forIndividuals} className={linkClass}>
                For Individuals
              </Link>
            </li>
          </Column>
          <Column title="Company">
            {company.map((l) => (
              <li key={l.href}>
                <Link href={l.href} className={linkClass}>
                  {l.label}
                </Link>
              </li>
            ))}
          </Column>
          <Column title="Contact">
            <li>
              <a href={`mailto:${brand.email}`} className={`${linkClass} inline-flex items-center gap-2`}>
                <Mail className="size-4" aria-hidden="true" />
                {brand.email}
              </a>
            </li>
            <li>
              <a href={telHref(brand.phone)} className={`${linkClass} inline-flex items-center gap-2`}>
                <Phone className="size-4" aria-hidden="true" />
                {brand.phone}
              </a>
            </li>
          </Column>
          <Column title="Legal">
            {FOOTER_LEGAL_LINKS.map((l) => (
              <li key={l.href}>
                <Link href={l.href} className={linkClass}>
                  {l.label}
                </Link>
              </li>
            ))}
          </Column>
        </div>
        <div className="mt-10 space-y-3 border-t border-white/15 pt-6 text-sm text-mist">
          <p className="font-semibold text-white">Response SLA: {RESPONSE_SLA}</p>
          <p>{DISCLAIMER}</p>
          <p data-testid="footer-last-line">
            © {year} {brand.name}. All rights reserved.
          </p>
        </div>
      </div>
    </footer>
  );
}
