/**
 * On a phone the page is one column and the history can be long: the status and the reply are one tap away
 * from the top instead of below everything else.
 */
export function PhoneJumps() {
  const link =
    "inline-flex min-h-11 items-center rounded-md border border-line bg-white px-3 text-sm font-semibold text-navy no-underline";
  return (
    <nav aria-label="On this request" className="mt-4 flex gap-2 lg:hidden">
      <a href="#status-title" className={link}>
        Status
      </a>
      <a href="#reply-title" className={link}>
        Reply
      </a>
    </nav>
  );
}
