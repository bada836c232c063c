import { ArrowRight } from "lucide-react";
import { useId } from "react";
import { Link } from "wouter";
import { PATHS } from "../lib/paths";

/** The closing call to action of an inner page: a navy panel with one button to the intake page. */
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
    <section aria-labelledby={id} className="container py-16 sm:py-20">
      <div className="rounded-2xl bg-navy px-6 py-12 text-center text-white sm:px-12">
        <h2 id={id} className="font-serif text-3xl font-bold sm:text-4xl">
          {title}
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-mist">{text}</p>
        <Link href={href} className="btn-gold mt-8">
          {label}
          <ArrowRight className="size-5" aria-hidden="true" />
        </Link>
      </div>
    </section>
  );
}
