import { describe, expect, test } from "bun:test";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { Router } from "wouter";
import { DEFAULT_BRAND } from "../../src/contracts/brand-defaults";
import type { PageData } from "../../src/contracts/page-data";
import { PageDataProvider } from "../lib/page-data-context";
import { IntakeForm } from "./intake-form";

const DATA: PageData = {
  brand: DEFAULT_BRAND,
  publicUrl: "http://localhost:3000",
  now: new Date().toISOString(),
};

function renderForm(data: PageData = DATA) {
  return render(
    <Router ssrPath="/contact">
      <PageDataProvider value={data}>
        <IntakeForm />
      </PageDataProvider>
    </Router>,
  );
}

const describedText = (el: HTMLElement) =>
  (el.getAttribute("aria-describedby") ?? "")
    .split(" ")
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent)
    .join(" | ");

describe("IntakeForm", () => {
  test("is a plain form posting to /contact, with the trap and start time fields", () => {
    const { container } = renderForm();
    const form = container.querySelector("form");
    expect(form?.getAttribute("action")).toBe("/contact");
    expect(form?.getAttribute("method")).toBe("post");
    expect(form?.hasAttribute("novalidate")).toBe(true);
    const trap = container.querySelector<HTMLInputElement>('input[name="website"]');
    expect(trap?.tabIndex).toBe(-1);
    expect(trap?.closest("[aria-hidden='true']")).not.toBeNull();
    // Set once the page has loaded in the browser.
    expect(container.querySelector<HTMLInputElement>('input[name="formStartTime"]')?.value).toMatch(/^\d+$/);
  });

  test("shows the SPEC message on blur, tied to the field, and clears it once fixed", async () => {
    renderForm();
    const name = screen.getByLabelText("Full name");
    fireEvent.change(name, { target: { value: "D" } });
    fireEvent.blur(name);
    // The schema loads on first use, so the message follows a moment later.
    await waitFor(() => expect(name.getAttribute("aria-invalid")).toBe("true"));
    expect(describedText(name)).toContain("Name must be at least 2 characters");
    fireEvent.change(name, { target: { value: "Dana" } });
    await waitFor(() => expect(name.getAttribute("aria-invalid")).toBeNull());
    expect(screen.queryByText("Name must be at least 2 characters")).toBeNull();
  });

  test("warns about sensitive data on blur", async () => {
    renderForm();
    const description = screen.getByLabelText("Brief description of the matter");
    fireEvent.change(description, {
      target: { value: "Wire from routing 021000021 account 4455667788 last May." },
    });
    fireEvent.blur(description);
    await waitFor(() =>
      expect(describedText(description)).toContain("Please remove the bank routing and account numbers."),
    );
  });

  test("renders the server's values and messages after a post without JavaScript", () => {
    renderForm({
      ...DATA,
      intake: {
        values: { name: "D", email: "dana@", role: "fiduciary", acknowledgment: false },
        errors: { name: ["Name must be at least 2 characters"], email: ["Invalid email address"] },
      },
    });
    expect((screen.getByLabelText("Full name") as HTMLInputElement).value).toBe("D");
    expect((screen.getByLabelText("Your role") as HTMLSelectElement).value).toBe("fiduciary");
    expect(describedText(screen.getByLabelText("Email"))).toContain("Invalid email address");
  });
});

describe("IntakeForm after a failed submit", () => {
  test("focus goes to the first field in error in the order they appear, not the schema's", async () => {
    renderForm();
    const fill = (label: string, value: string) =>
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
    fill("Full name", "Dana Whitfield");
    fill("Email", "dana@whitfieldmoss.example");
    fill("Phone", "(312) 555-0199");
    fill("Your role", "attorney");
    fill("Matter type", "family-law");
    fill("Subject type", "both");
    fill("Brief description of the matter", "Divorce; a lake house bought through an LLC in 2022.");
    fireEvent.click(screen.getByRole("checkbox"));
    // Jurisdictions comes before the service in the schema; on the screen the service comes first.
    fireEvent.submit(screen.getByRole("form"));
    const service = screen.getByLabelText("Service you need");
    await waitFor(() => expect(service.getAttribute("aria-invalid")).toBe("true"));
    expect(screen.getByLabelText("Jurisdictions").getAttribute("aria-invalid")).toBe("true");
    // Compared by name: a failing comparison of two elements would print the whole DOM.
    expect(document.activeElement?.getAttribute("name")).toBe("desiredService");
  });
});
