import { useState } from "react";
import { ARTICLE_LIMITS } from "../../../src/contracts/articles";
import { TextField } from "../shared/text-field";

/** Topics as typed ("Probate, Checklist"): the list the API takes, empty pieces dropped. */
export const topicsOf = (text: string) =>
  text
    .split(",")
    .map((t) => t.trim())
    .filter(Boolean);

/**
 * The article's topics, typed as one comma-separated line. The text is kept as typed (a trailing comma
 * survives while typing) and only replaced when the list changes from outside, such as when the article loads.
 */
export function ArticleTopicsField({
  tags,
  onChange,
  error,
}: {
  tags: readonly string[];
  onChange: (tags: string[]) => void;
  error?: string;
}) {
  const [text, setText] = useState(tags.join(", "));
  const shown = topicsOf(text).join("\u0000") === tags.join("\u0000") ? text : tags.join(", ");
  return (
    <TextField
      id="article-tags"
      label="Topics"
      name="tags"
      hint={`Separated by commas, at most ${ARTICLE_LIMITS.tags}. Each is shown on the article and filters the Articles page.`}
      value={shown}
      onChange={(e) => {
        setText(e.target.value);
        onChange(topicsOf(e.target.value));
      }}
      error={error}
    />
  );
}
