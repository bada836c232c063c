/**
 * Below 1280 px the page is one column and the history can be long: the status, the reply, the engagement and
 * the documents are one tap away from the top instead of below everything else.
 */
export function PhoneJumps() {
  const link =
    "inline-flex min-h-11 items-center rounded-md border border-line bg-white px-3 text-sm font-semibold text-navy no-underline";
  return (
    <nav aria-label="On this request" className="mt-4 flex flex-wrap gap-2 xl:hidden">
      <a href="#status-title" className={link}>
        Status
      </a>
      <a href="#reply-title" className={link}>
        Reply
      </a>
      <a href="#engagement-title" className={link}>
        Engagement
      </a>
      <a href="#documents-title" className={link}>
        Documents
      </a>
    </nav>
  );
}
