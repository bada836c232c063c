import { expect, test } from "bun:test";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { RecoveryCodeActions, recoveryCodesText } from "./recovery-codes";

const CODES = ["k4rd-77pq-x2mv", "b9tz-3hwe-q81c", "m2ny-ub6f-0ja5"];

test("the text file names the account and the site and holds every code, one a line", () => {
  const text = recoveryCodesText(CODES, { username: "morgan", site: "www.example.com" });
  const lines = text.trim().split("\n");
  for (const code of CODES) expect(lines).toContain(code);
  expect(text).toContain("morgan");
  expect(text).toContain("www.example.com");
});

test("Copy puts every code on the clipboard and says so", async () => {
  render(<RecoveryCodeActions codes={CODES} username="morgan" />);
  fireEvent.click(screen.getByRole("button", { name: "Copy Codes" }));
  await waitFor(() => expect(screen.getByRole("status").textContent).toBe("Codes copied."));
  const copied = await navigator.clipboard.readText();
  for (const code of CODES) expect(copied).toContain(code);
});

test("Download saves a .txt file of the codes through a Blob link", async () => {
  // happy-dom cannot fetch a blob: address; the Blob behind it is read instead (the browser test downloads it).
  const made: Blob[] = [];
  const create = URL.createObjectURL;
  URL.createObjectURL = (blob: Blob) => {
    made.push(blob);
    return create.call(URL, blob);
  };
  render(<RecoveryCodeActions codes={CODES} username="morgan" />);
  const link = screen.getByRole("link", { name: "Download Codes (.txt)" });
  expect(link.getAttribute("download")).toBe("morgan-localhost-recovery-codes.txt");
  const href = link.getAttribute("href") ?? "";
  expect(href).toMatch(/^blob:/);
  URL.createObjectURL = create;
  expect(made).toHaveLength(1);
  expect(made[0]!.type).toBe("text/plain;charset=utf-8");
  const text = await made[0]!.text();
  for (const code of CODES) expect(text).toContain(code);
});
