/**
 * After a failed submit, focus goes to the first field in error in the order the fields appear (issue 22),
 * whatever the order of the schema or of the server's answer. A form's controls are named after the fields
 * the messages are keyed by, and `form.elements` lists them in document order. Returns whether one took focus.
 */
export function focusFirstInvalid(
  form: HTMLFormElement | null | undefined,
  messages: Readonly<Record<string, string | readonly string[] | undefined>>,
): boolean {
  for (const control of Array.from(form?.elements ?? [])) {
    const name = control.getAttribute("name");
    const message = name ? messages[name] : undefined;
    // Hidden inputs and the intake's trap field (out of the tab order) are never a person's to fix.
    if (
      !message?.length ||
      control.getAttribute("type") === "hidden" ||
      (control as HTMLElement).tabIndex < 0
    )
      continue;
    (control as HTMLElement).focus();
    return true;
  }
  return false;
}
