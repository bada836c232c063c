import { describe, expect, test } from "bun:test";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { signIn, withCookie } from "../../helpers/admin";
import { makeTestApp, ORIGIN } from "../../helpers/app";
import { XLSX_BYTES } from "../../helpers/zip";

const USER = "morgan";
const PASSWORD = "trace every transfer";
const { request, dataDir, db } = makeTestApp({ ADMIN_USERNAME: USER, ADMIN_PASSWORD: PASSWORD });
const cookie = await signIn(request, USER, PASSWORD);
const API = "/api/admin/resources";
const sameOrigin = { origin: ORIGIN, "sec-fetch-site": "same-origin" };

const json = (method: string, path: string, body: unknown) =>
  request(
    path,
    withCookie(cookie, {
      method,
      headers: { ...sameOrigin, "content-type": "application/json" },
      body: JSON.stringify(body),
    }),
  );
const multipart = (method: string, path: string, fields: Record<string, string>, file?: File) => {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  if (file) form.set("file", file);
  return request(path, withCookie(cookie, { method, headers: sameOrigin, body: form }));
};
const page = async (path: string) => (await request(path, { headers: { accept: "text/html" } })).text();
const uploadedFiles = () =>
  existsSync(join(dataDir, "uploads")) ? readdirSync(join(dataDir, "uploads")) : [];

const fields = {
  title: "Lien Search Worksheet",
  description: "A worksheet for recording lien searches county by county.",
};

describe("/api/admin/resources", () => {
  test("the three built-in documents and the sample report are seeded, published, with their real sizes, and shown on /resources", async () => {
    const rows = await (await request(API, withCookie(cookie))).json();
    expect(
      rows.map((r: { path: string; category: string; published: boolean }) => [
        r.path,
        r.category,
        r.published,
      ]),
    ).toEqual([
      ["/docs/attorney-intake-checklist.pdf", "general", true],
      ["/docs/records-request-template.docx", "general", true],
      ["/docs/public-records-sources.pdf", "general", true],
      ["/docs/sample-asset-map-report.pdf", "general", true],
    ]);
    expect(rows[0].size).toBe("8.4 KB");
    const html = await page("/resources");
    for (const r of rows) expect(html).toContain(r.title);
  });

  test("a resource sent without the Published flag is saved as a draft, as articles and case studies are", async () => {
    const res = await multipart(
      "POST",
      API,
      { ...fields, title: "Draft Worksheet" },
      new File([XLSX_BYTES()], "draft.xlsx", { type: "application/octet-stream" }),
    );
    expect(res.status).toBe(201);
    expect((await res.json()).published).toBe(false);
    expect(await page("/resources")).not.toContain("Draft Worksheet");
  });

  test("an XLSX upload: type and size from the content, category defaults to general, served as a download", async () => {
    const bytes = XLSX_BYTES();
    const res = await multipart(
      "POST",
      API,
      { ...fields, published: "true" },
      new File([bytes], "worksheet.bin", { type: "application/octet-stream" }),
    );
    expect(res.status).toBe(201);
    const row = await res.json();
    expect(row).toMatchObject({ ...fields, format: "Excel", category: "general", published: true });
    expect(row.size).toBe(`${bytes.length} bytes`);
    expect(row.path).toMatch(/^\/uploads\/[0-9a-f-]{36}\.xlsx$/);
    expect(uploadedFiles()).toContain(row.path.slice("/uploads/".length));

    const file = await request(row.path);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe(
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    );
    expect(file.headers.get("content-disposition")).toBe('attachment; filename="lien-search-worksheet.xlsx"');
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(bytes);
    expect(await page("/resources")).toContain(fields.title);

    await json("PATCH", `${API}/${row.id}`, { published: false });
    expect((await request(row.path)).status).toBe(404);
    expect(await page("/resources")).not.toContain(fields.title);

    expect(
      (await request(`${API}/${row.id}`, withCookie(cookie, { method: "DELETE", headers: sameOrigin })))
        .status,
    ).toBe(200);
    expect(uploadedFiles()).not.toContain(row.path.slice("/uploads/".length));
  });

  test("a file whose content does not match its claimed type is refused, and nothing is stored", async () => {
    const before = uploadedFiles().length;
    const html = new File(["<html><script>alert(1)</script></html>"], "report.pdf", {
      type: "application/pdf",
    });
    const res = await multipart("POST", API, fields, html);
    expect(res.status).toBe(422);
    expect((await res.json()).errors.file).toEqual([
      "This file is not a PDF, Word (DOCX), Excel (XLSX) or CSV file. Its content decides, not its name.",
    ]);
    const exe = new File([new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03])], "data.csv", { type: "text/csv" });
    expect((await multipart("POST", API, fields, exe)).status).toBe(422);
    expect(uploadedFiles().length).toBe(before);
  });

  test("a PDF named .csv is stored as the PDF it is", async () => {
    const res = await multipart(
      "POST",
      API,
      fields,
      new File(["%PDF-1.4\n%%EOF\n"], "totals.csv", { type: "text/csv" }),
    );
    expect(res.status).toBe(201);
    expect((await res.json()).format).toBe("PDF");
  });

  test("more than 20 MB is refused with 413", async () => {
    const big = new File([new Uint8Array(20 * 1024 * 1024 + 1)], "big.pdf", { type: "application/pdf" });
    const res = await multipart("POST", API, fields, big);
    expect(res.status).toBe(413);
  });

  test("per-field 422 messages; a create needs a file or a built-in document", async () => {
    const res = await json("POST", API, { title: "", description: "" });
    expect(res.status).toBe(422);
    expect((await res.json()).errors).toEqual({
      title: ["Title is required"],
      description: ["Description is required"],
    });
    const noFile = await json("POST", API, fields);
    expect((await noFile.json()).errors).toEqual({
      file: ["Choose a file to upload (PDF, DOCX, XLSX or CSV)."],
    });
    const builtIn = await json("POST", API, {
      ...fields,
      path: "/docs/sample-engagement-letter.pdf",
      category: "templates",
    });
    expect(builtIn.status).toBe(201);
    expect(await builtIn.json()).toMatchObject({ format: "PDF", size: "8.8 KB", category: "templates" });
    expect((await json("POST", API, { ...fields, path: "/etc/passwd" })).status).toBe(422);
  });

  test("a seeded resource can be unpublished, and every change is audit-logged", async () => {
    const res = await json("PATCH", `${API}/1`, { published: false });
    expect((await res.json()).published).toBe(false);
    expect(await page("/resources")).not.toContain("Attorney Intake Checklist");
    const events = (
      db.query("SELECT event FROM audit_log WHERE event LIKE 'resource.%'").all() as { event: string }[]
    ).map((e) => e.event);
    expect(events).toEqual(
      expect.arrayContaining(["resource.create", "resource.unpublish", "resource.delete"]),
    );
  });
});
