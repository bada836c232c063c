import { expect, test } from "bun:test";
import { lineDiff } from "./line-diff";

test("unchanged text is all the same lines; a changed line is removed, then added", () => {
  expect(lineDiff("a\nb", "a\nb")).toEqual([
    { kind: "same", text: "a" },
    { kind: "same", text: "b" },
  ]);
  expect(lineDiff("a\nold\nc", "a\nnew\nc\nd")).toEqual([
    { kind: "same", text: "a" },
    { kind: "removed", text: "old" },
    { kind: "added", text: "new" },
    { kind: "same", text: "c" },
    { kind: "added", text: "d" },
  ]);
  expect(lineDiff("", "x")).toEqual([
    { kind: "removed", text: "" },
    { kind: "added", text: "x" },
  ]);
});
