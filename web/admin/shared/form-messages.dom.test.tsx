import { afterEach, expect, test } from "bun:test";
import { fireEvent, render, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { STAFF_MESSAGES } from "../../../src/contracts/staff";
import { useToastStore } from "../../lib/toast-store";
import { ArticleEditorPage } from "../content/article-editor-page";
import { CaseStudyEditorPage } from "../content/case-study-editor-page";
import { ResourceEditorPage } from "../content/resource-editor-page";
import { PersonEditorPage } from "../firm/person-editor-page";
import { TestimonialEditorPage } from "../firm/testimonial-editor-page";
import { InviteForm } from "../staff/invite-form";

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
  useToastStore.setState({ toasts: [] });
});

/** A signed-in session whose every save is refused with `errors`, as the API answers an empty form. */
function refuseSaves(errors: Record<string, string[]>) {
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const json = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
    if (url.includes("/auth/status")) return json(200, { authenticated: true, username: "staff" });
    if (url.includes("/preview")) return json(200, { html: "", readingTime: "1 min read" });
    if (init?.method === "POST") return json(422, { errors });
    return json(404, { error: "Not found" });
  }) as unknown as typeof fetch;
}

const forms: { name: string; page: ReactNode; save: string; label: string; message: string }[] = [
  {
    name: "article",
    page: <ArticleEditorPage params={{ id: "new" }} />,
    save: "Save Article",
    label: "Title",
    message: "Title is required",
  },
  {
    name: "resource",
    page: <ResourceEditorPage params={{ id: "new" }} />,
    save: "Save Resource",
    label: "Title",
    message: "Title is required",
  },
  {
    name: "case study",
    page: <CaseStudyEditorPage params={{ id: "new" }} />,
    save: "Save Case Study",
    label: "Title",
    message: "Title is required",
  },
  {
    name: "person",
    page: <PersonEditorPage params={{ id: "new" }} />,
    save: "Save Person",
    label: "Name",
    message: "Name is required",
  },
  {
    name: "testimonial",
    page: <TestimonialEditorPage params={{ id: "new" }} />,
    save: "Save Testimonial",
    label: "Attribution",
    message: "Attribution is required",
  },
];

for (const form of forms) {
  test(`the ${form.name} form's "${form.message}" goes as soon as the field is filled`, async () => {
    refuseSaves({ [form.label.toLowerCase()]: [form.message] });
    render(form.page);
    const input = (await screen.findByLabelText(form.label)) as HTMLInputElement;
    fireEvent.click(screen.getByRole("button", { name: form.save }));
    expect(await screen.findByText(form.message)).toBeTruthy();
    expect(input.getAttribute("aria-invalid")).toBe("true");

    fireEvent.change(input, { target: { value: "Tracing a shell company" } });
    expect(screen.queryByText(form.message) === null).toBe(true);
    expect(input.getAttribute("aria-invalid") === null).toBe(true);
  });
}

test("the invitation's address message goes as soon as the address is right", async () => {
  render(<InviteForm onInvited={async () => {}} mailConfigured />);
  const email = screen.getByLabelText("Colleague's email address") as HTMLInputElement;
  fireEvent.change(email, { target: { value: "pat@" } });
  fireEvent.blur(email);
  expect(await screen.findByText(STAFF_MESSAGES.emailInvalid)).toBeTruthy();
  fireEvent.change(email, { target: { value: "pat@example.com" } });
  expect(screen.queryByText(STAFF_MESSAGES.emailInvalid) === null).toBe(true);
  expect(email.getAttribute("aria-invalid") === null).toBe(true);
});
