import { describe, expect, test } from "bun:test";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { DOCUMENT_MESSAGES as M } from "../../../src/contracts/documents";
import { post, signIn, withCookie } from "../../helpers/admin";
import { makeTestApp } from "../../helpers/app";
import { b64, pdf, sha } from "../../helpers/files";
import {
  lateMacroWorkbook,
  macroDocument,
  macroLegacyWorkbook,
  macroWorkbook,
  utf16,
  wordDocument,
  workbook,
} from "../../helpers/office-files";
import { portalClient, tus } from "../../helpers/portal-client";
import { readZip } from "../../helpers/zip";

/**
 * What the portal takes, by its content (issue 24, item 11): pages, SVG drawings and scripts are not text;
 * documents with macros are refused; UTF-16 text is text; an empty file is refused saying so; a name loses its
 * control and bidi characters wherever it is taken; a download's name ends in the extension of its type.
 */
const USER = "morgan";
const PASSWORD = "trace every transfer";
const API = "/api/admin/submissions";
const ORIGIN = "http://localhost:3000";

type Listed = { id: string; name: string; kind: string | null; sha256: string | null };
type Refusal = { error: string };

/** Every bidi control the names lose: embeddings, overrides, isolates, the marks and the Arabic letter mark. */
const BIDI = [
  "\u202a",
  "\u202b",
  "\u202c",
  "\u202d",
  "\u202e",
  "\u2066",
  "\u2067",
  "\u2068",
  "\u2069",
  "\u200e",
  "\u200f",
  "\u061c",
];

/** The name a download offers: both forms of Content-Disposition, which must agree. */
function offeredName(res: Response) {
  const header = res.headers.get("content-disposition") ?? "";
  const plain = /filename="([^"]*)"/.exec(header)?.[1];
  const encoded = /filename\*=UTF-8''(\S+)/.exec(header)?.[1];
  return { plain, utf8: encoded === undefined ? undefined : decodeURIComponent(encoded) };
}

describe("what the portal accepts", () => {
  const clock = { at: new Date("2026-11-16T15:00:00.000Z") };
  const t = makeTestApp({ ADMIN_USERNAME: USER, ADMIN_PASSWORD: PASSWORD }, { now: () => clock.at });
  const docsDir = () => join(t.dataDir, "documents");
  const stored = () => (existsSync(docsDir()) ? readdirSync(docsDir()).sort() : []);
  let admin = "";
  let client = { cookie: "", engagementId: 0, submission: { id: 0, reference: "" } };
  const list = async () =>
    (
      (await (await t.request("/api/portal/documents", withCookie(client.cookie))).json()) as {
        documents: Listed[];
      }
    ).documents;
  const upload = (bytes: Uint8Array, name: string) => tus(t.request, client.cookie).upload(bytes, name);
  /** Sent whole; answers the refusal's status and message, and checks nothing of the file stayed. */
  async function refused(bytes: Uint8Array, name: string) {
    const before = stored();
    const sent = await upload(bytes, name);
    // A file taken (204) has no body: the comparison below then shows what was answered instead.
    const body = await sent.response.text();
    const message = body ? (JSON.parse(body) as Refusal).error : null;
    expect({ name, stored: stored() }).toEqual({ name, stored: before });
    if (sent.location) expect((await tus(t.request, client.cookie).head(sent.location)).status).toBe(404);
    return { status: sent.response.status, message };
  }
  async function accepted(bytes: Uint8Array, name: string) {
    const sent = await upload(bytes, name);
    expect({ name, status: sent.response.status }).toEqual({ name, status: 204 });
    const id = (sent.location as string).split("/").at(-1) as string;
    return (await list()).find((d) => d.id === id) as Listed;
  }

  test("web pages, SVG drawings and scripts are not taken as text, whatever they are named", async () => {
    admin = await signIn(t.request, USER, PASSWORD);
    client = await portalClient(t, clock.at, admin, { email: "dana@whitfieldmoss.example" });
    const pages: Array<[string, string | Uint8Array]> = [
      ["statement.txt", "<!DOCTYPE html>\n<html><body><h1>Statement</h1></body></html>"],
      ["statement.csv", "  <html><head><title>Ledger</title></head></html>"],
      ["ledger.csv", `date,amount\n2024-01-02,100.00\n<script>fetch("/api/portal")</script>\n`],
      ["chart.txt", '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><circle r="4"/></svg>'],
      ["chart.svg", '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"><rect/></svg>'],
      ["helper.txt", "function send(data) {\n  document.forms[0].submit();\n}\n"],
      ["notes.txt", "const rows = load();\nrows.forEach((r) => total += r.amount);\n"],
      ["run.js", "alert(1)"],
      [
        "feed.txt",
        '<?xml version="1.0"?>\n<data><x:script xmlns:x="http://www.w3.org/1999/xhtml">alert(1)</x:script></data>',
      ],
      ["styled.txt", '<?xml version="1.0"?>\n<?xml-stylesheet type="text/xsl" href="x.xsl"?>\n<data/>'],
      ["page.txt", utf16("<html><script>alert(1)</script></html>", "le")],
      // Past the first 4 KB: a page after a screen of plain lines is still a page.
      ["long.txt", `${"2024-01-02 Transfer 100.00\n".repeat(400)}<script>alert(1)</script>\n`],
    ];
    for (const [name, content] of pages) {
      const bytes = typeof content === "string" ? Buffer.from(content) : content;
      expect({ name, ...(await refused(bytes, name)) }).toEqual({ name, status: 415, message: M.active });
    }
    expect(M.active).toContain("web page");

    // Text that only mentions such things is still text.
    const plain = await accepted(
      Buffer.from("Balance < 100.00 on 2024-01-02; see the window. Function: transfer (wire).\n"),
      "notes.txt",
    );
    expect(plain.kind).toBe("txt");
    const statementXml = await accepted(
      Buffer.from(
        '<?xml version="1.0" encoding="UTF-8"?>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt/></Document>',
      ),
      "camt053.xml",
    );
    expect(statementXml.kind).toBe("txt");
  }, 60_000);

  test("documents with macros are refused with a message that says so, whatever they are named", async () => {
    const macros: Array<[string, Uint8Array]> = [
      ["budget.xlsm", macroWorkbook()],
      ["budget.xlsx", macroWorkbook()],
      ["letter.docm", macroDocument()],
      ["letter.docx", macroDocument()],
      ["archive.zip", macroDocument()],
      ["late.xlsx", lateMacroWorkbook()],
      ["legacy.xls", macroLegacyWorkbook()],
      // Named as a macro document: a ZIP so named is one, macros seen or not.
      ["plain.xlsm", workbook()],
    ];
    for (const [name, bytes] of macros)
      expect({ name, ...(await refused(bytes, name)) }).toEqual({ name, status: 415, message: M.macros });
    expect(M.macros).toContain("macros");

    // The macros far into the file, sent over several PATCHes cut mid-segment: seen across the cuts.
    const late = lateMacroWorkbook();
    const created = await tus(t.request, client.cookie).create(late.length, "late again.xlsx");
    const location = created.headers.get("location") as string;
    let offset = 0;
    const answers: Response[] = [];
    for (const end of [100_000, 250_000, late.length]) {
      const answer = await tus(t.request, client.cookie).patch(location, offset, late.subarray(offset, end));
      answers.push(answer);
      if (answer.status !== 204) break;
      offset = Number(answer.headers.get("upload-offset"));
    }
    const last = answers.at(-1) as Response;
    expect(answers.map((a) => a.status)).toEqual([204, 204, 415]);
    expect(((await last.json()) as Refusal).error).toBe(M.macros);
    expect((await tus(t.request, client.cookie).head(location)).status).toBe(404);

    // The same documents without macros are what they look like.
    expect((await accepted(workbook(), "budget.xlsx")).kind).toBe("xlsx");
    expect((await accepted(wordDocument(), "letter.docx")).kind).toBe("docx");
  }, 60_000);

  test("UTF-16 text with its byte-order mark, little- and big-endian, is accepted and kept byte for byte", async () => {
    const ledger = "date\tdescription\tamount\r\n2024-01-02\tTransfer to Lakeview LLC\t-25000.00\r\n";
    const samples: Array<[string, Uint8Array, string]> = [
      ["ledger.txt", utf16(ledger, "le"), "txt"],
      ["ledger-be.txt", utf16(ledger, "be"), "txt"],
      ["ledger.csv", utf16("date,amount\r\n2024-01-02,100.00\r\n", "le"), "csv"],
      ["Überweisungen.csv", utf16("Datum,Betrag\r\n02.01.2024,100,00 €\r\n", "be"), "csv"],
    ];
    for (const [name, bytes, kind] of samples) {
      const doc = await accepted(bytes, name);
      expect({ name, kind: doc.kind, sha256: doc.sha256 }).toEqual({ name, kind, sha256: sha(bytes) });
      const download = await t.request(`/api/portal/documents/${doc.id}`, withCookie(client.cookie));
      expect(sha(new Uint8Array(await download.arrayBuffer()))).toBe(sha(bytes));
    }
  }, 60_000);

  test("an empty file is refused with a message that says so: when it is created, and when its content turns out to be nothing", async () => {
    const before = stored();
    const count = (await list()).length;
    const created = await tus(t.request, client.cookie).create(0, "blank.pdf");
    expect(created.status).toBe(400);
    expect(((await created.json()) as Refusal).error).toBe(M.empty);
    expect(M.empty).toContain("empty");
    expect(created.headers.get("location")).toBeNull();

    // The desk's upload is refused the same way.
    const desk = await t.request(
      `${API}/${client.submission.id}/documents`,
      withCookie(admin, {
        method: "POST",
        headers: {
          origin: ORIGIN,
          "content-length": "0",
          "upload-metadata": `filename ${b64("Report.pdf")}`,
        },
        body: new Uint8Array(0),
      }),
    );
    expect(desk.status).toBe(400);
    expect(((await desk.json()) as Refusal).error).toBe(M.empty);

    // Nothing but a byte-order mark, or blank lines: nothing in it either.
    for (const [name, bytes] of [
      ["blank.txt", Buffer.from([0xef, 0xbb, 0xbf])],
      ["blank-utf16.txt", Buffer.from([0xff, 0xfe])],
      ["blank.csv", Buffer.from("\r\n\r\n  \r\n")],
    ] as const)
      expect({ name, ...(await refused(bytes, name)) }).toEqual({ name, status: 400, message: M.empty });
    expect(stored()).toEqual(before);
    expect((await list()).length).toBe(count);
  }, 60_000);

  test("names lose their control and bidi characters wherever a name is taken", async () => {
    // Shown as "invoice‮fdp.exe" a name reads as "invoiceexe.pdf": the override goes, and the rest stays.
    const spoof = await accepted(pdf(3000), "invoice\u202efdp.exe");
    expect(spoof.name).toBe("invoicefdp.exe");
    const every = await accepted(pdf(3000), `Q1${BIDI.join("")} statement.pdf`);
    expect(every.name).toBe("Q1 statement.pdf");
    const controls = await accepted(pdf(3000), "Q2\u0000\u0007\u001b[31m\u0085 statement\u009b\t.pdf");
    // Controls go; those that part words (a tab, a line break) leave a space.
    expect(controls.name).toBe("Q2[31m statement .pdf");
    const nothing = await tus(t.request, client.cookie).create(3000, `${BIDI.join("")}\u0085\u0001`);
    expect(nothing.status).toBe(400);
    expect(((await nothing.json()) as Refusal).error).toBe(M.filename);

    // The desk's upload for the client.
    const report = pdf(4000);
    const sent = await t.request(
      `${API}/${client.submission.id}/documents`,
      withCookie(admin, {
        method: "POST",
        headers: {
          origin: ORIGIN,
          "content-length": String(report.length),
          "upload-metadata": `filename ${b64("Report \u2067final\u2069\u200f\u0007.pdf")}`,
        },
        body: new Uint8Array(report),
      }),
    );
    expect(sent.status).toBe(201);
    expect(((await sent.json()) as { document: Listed }).document.name).toBe("Report final.pdf");

    // A name stored before names were cleaned is cleaned where it is read: listed, downloaded, exported.
    const old = await accepted(pdf(3000), "old.pdf");
    t.db.run("UPDATE documents SET name = ? WHERE public_id = ?", [
      t.store.cipher.encrypt("old\u202egpj.exe"),
      old.id,
    ]);
    expect((await list()).find((d) => d.id === old.id)?.name).toBe("oldgpj.exe");
    const download = await t.request(`/api/portal/documents/${old.id}`, withCookie(client.cookie));
    expect(offeredName(download)).toEqual({ plain: "oldgpj.exe.pdf", utf8: "oldgpj.exe.pdf" });
    const desk = (await (
      await t.request(`${API}/${client.submission.id}/documents`, withCookie(admin))
    ).json()) as {
      documents: Listed[];
    };
    for (const d of desk.documents) for (const c of BIDI) expect(d.name).not.toContain(c);
  }, 60_000);

  test("a download's name ends in the extension of the type its content shows", async () => {
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 1, 2, 3]);
    const cases: Array<[string, Uint8Array, string]> = [
      ["invoice.exe", pdf(2000), "invoice.exe.pdf"],
      ["Statement.PDF", pdf(2000), "Statement.PDF"],
      ["scan", pdf(2000), "scan.pdf"],
      ["photo.png", jpeg, "photo.png.jpg"],
      ["photo.jpeg", jpeg, "photo.jpeg"],
      ["notes.md", Buffer.from("# Notes\nTransfers in March.\n"), "notes.md.txt"],
      ["ledger.csv", Buffer.from("date,amount\n2024-01-02,100.00\n"), "ledger.csv"],
      ["deck.pptx", wordDocument(), "deck.pptx.zip"],
      ["export.qfx", Buffer.from("OFXHEADER:100\nDATA:OFXSGML\n<OFX>"), "export.qfx"],
    ];
    for (const [name, bytes, offered] of cases) {
      const doc = await accepted(bytes, name);
      // The list keeps the name the client gave; the download's name says what the file is.
      expect(doc.name).toBe(name);
      const portal = await t.request(`/api/portal/documents/${doc.id}`, withCookie(client.cookie));
      expect({ name, ...offeredName(portal) }).toEqual({ name, plain: offered, utf8: offered });
      const desk = await t.request(`${API}/${client.submission.id}/documents/${doc.id}`, withCookie(admin));
      expect({ name, ...offeredName(desk) }).toEqual({ name, plain: offered, utf8: offered });
    }

    // The data-rights export names each file in its archive the same way.
    const created = await t.request(
      "/api/admin/data-requests",
      withCookie(admin, post({ email: "dana@whitfieldmoss.example", kind: "access" })),
    );
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const archive = readZip(
      new Uint8Array(
        await (await t.request(`/api/admin/data-requests/${id}/export`, withCookie(admin))).arrayBuffer(),
      ),
    );
    const names = [...archive.keys()].filter((n) => n.startsWith("documents/"));
    expect(names.some((n) => n.endsWith("-invoice.exe.pdf"))).toBe(true);
    expect(names.some((n) => n.endsWith("-oldgpj.exe.pdf"))).toBe(true);
    expect(names.some((n) => n.endsWith("-photo.png.jpg"))).toBe(true);
    expect(names.filter((n) => n.endsWith(".exe"))).toEqual([]);
  }, 60_000);
});
