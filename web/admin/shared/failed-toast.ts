import { type FieldMessages, serverMessage } from "../../lib/api-errors";
import { toast } from "../../lib/toast-store";

/**
 * The toast for a change the server refused: with field messages it points at them (they say what to fix),
 * else it gives the server's reason. `oneField` is for forms whose answers only ever name one field.
 */
export function failedToast(
  title: string,
  fields: FieldMessages | undefined,
  error: unknown,
  opts: { oneField?: boolean; fallback?: string } = {},
) {
  toast({
    title,
    description: fields
      ? opts.oneField
        ? "Check the message under the field."
        : "Check the messages under the fields."
      : serverMessage(error, opts.fallback ?? "Please try again."),
    variant: "destructive",
  });
}
