import { afterEach, expect, test } from "bun:test";
import { render, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { ArticleEditorPage } from "./article-editor-page";
import { CaseStudyEditorPage } from "./case-study-editor-page";
import { ResourceEditorPage } from "./resource-editor-page";

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

const newEntries: [string, ReactNode][] = [
  ["article", <ArticleEditorPage key="a" params={{ id: "new" }} />],
  ["resource", <ResourceEditorPage key="r" params={{ id: "new" }} />],
  ["case study", <CaseStudyEditorPage key="c" params={{ id: "new" }} />],
];

for (const [kind, page] of newEntries) {
  test(`a new ${kind} starts unpublished, so nothing reaches the site before staff tick Published`, async () => {
    // The session, and (for an article) the firm's people it may name as author: none yet.
    globalThis.fetch = (async (input: RequestInfo | URL) =>
      new Response(
        JSON.stringify(
          String(input).includes("/people") ? [] : { authenticated: true, username: "staff", role: "owner" },
        ),
        { headers: { "content-type": "application/json" } },
      )) as unknown as typeof fetch;
    render(page);
    const published = (await screen.findByRole("checkbox", { name: "Published" })) as HTMLInputElement;
    expect(published.checked).toBe(false);
  });
}
