import { ArrowRight } from "lucide-react";
import { useId } from "react";
import { Link } from "wouter";
import { PATHS } from "../../src/contracts/paths";

/**
 * The closing call to action of an inner page: a full-width navy band, the question on the left and the one
 * button on the right, above a gold rule (not another rounded card). It keeps its distance only from content
 * set on the page's background (a `container` just before it); after a full-width band (the white "approach"
 * of /about, the standards of /process) it meets the band's edge, with no strip of page between them.
 */
export function CtaPanel({
  title,
  text,
  label,
  href = PATHS.contact,
}: {
  title: string;
  text: string;
  label: string;
  /** The intake page, or the intake page with a service chosen. */
  href?: string;
}) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className="border-y-4 border-b-white/10 border-t-gold bg-navy text-white [.container+&]:mt-16 sm:[.container+&]:mt-20"
    >
      <div className="container grid gap-8 py-16 sm:py-20 lg:grid-cols-[1fr_auto] lg:items-center">
        <div>
          <h2 id={id} className="font-serif text-3xl font-semibold sm:text-4xl">
            {title}
          </h2>
          <p className="mt-4 max-w-2xl text-lg text-mist">{text}</p>
        </div>
        <Link href={href} className="btn-gold justify-self-start">
          {label}
          <ArrowRight className="size-5" aria-hidden="true" />
        </Link>
      </div>
    </section>
  );
}
