import { describe, expect, test } from "bun:test";
import { post, signIn, withCookie } from "../../helpers/admin";
import { makeTestApp } from "../../helpers/app";
import { b64, pdf, sha } from "../../helpers/files";
import { portalClient, tus } from "../../helpers/portal-client";
import { readZip } from "../../helpers/zip";

/**
 * A data-rights export carries the request's documents (issue 20, data rights): each listed with its name,
 * size, SHA-256, direction and times, and each finished file itself, decrypted, in the archive; the listed
 * SHA-256 is the one of the bytes in the archive. The JSON carries the person's consultations too, cancelled
 * ones included, with each booking, move and cancel.
 */
const USER = "morgan";
const PASSWORD = "trace every transfer";
const API = "/api/admin/data-requests";

type Exported = {
  id: string;
  name: string;
  size: number;
  sha256: string | null;
  direction: "client" | "firm";
  createdAt: string;
  completedAt: string | null;
  file: string | null;
};
type Consultation = {
  startsAt: string;
  status: "booked" | "cancelled";
  bookedAt: string;
  cancelledAt: string | null;
  changes: { kind: string; startsAt: string; previousStartsAt: string | null; at: string }[];
};
type ExportDocument = {
  intakes: { submission: { reference: string }; documents: Exported[]; consultations: Consultation[] }[];
};

describe("the data-rights export with the request's documents", () => {
  const clock = { at: new Date("2026-11-16T15:00:00.000Z") };
  const t = makeTestApp({ ADMIN_USERNAME: USER, ADMIN_PASSWORD: PASSWORD }, { now: () => clock.at });
  const statement = pdf(200_000);
  const ledger = Buffer.from("date,amount\n2024-01-02,100.00\n2024-02-03,-42.17\n");
  const report = pdf(70_000);

  test("the archive lists every document and holds every finished file, whose bytes match the listed SHA-256", async () => {
    let admin = await signIn(t.request, USER, PASSWORD);
    const dana = await portalClient(t, clock.at, admin, { email: "dana@whitfieldmoss.example" });
    const lee = await portalClient(t, clock.at, admin, { email: "lee@elsewhere.example" });
    const client = tus(t.request, dana.cookie);
    expect((await client.upload(statement, "Chase statement 2024.pdf")).response.status).toBe(204);
    clock.at = new Date("2026-11-16T15:05:00.000Z");
    // Two files of one name stay apart in the archive.
    expect((await client.upload(ledger, "ledger.csv")).response.status).toBe(204);
    expect((await client.upload(Buffer.from("date,amount\n"), "ledger.csv")).response.status).toBe(204);
    // Begun, never finished: listed, but there is no file to give.
    const half = await client.create(300_000, "half-sent.pdf");
    expect(half.status).toBe(201);
    expect((await tus(t.request, lee.cookie).upload(pdf(5000), "someone else.pdf")).response.status).toBe(
      204,
    );
    const sent = await t.request(
      `/api/admin/submissions/${dana.submission.id}/documents`,
      withCookie(admin, {
        method: "POST",
        headers: {
          origin: "http://localhost:3000",
          "content-length": String(report.length),
          "upload-metadata": `filename ${b64("Asset map report.pdf")}`,
        },
        body: new Uint8Array(report),
      }),
    );
    expect(sent.status).toBe(201);

    // The report delivered, Dana books a consultation, moves it, cancels it and books again.
    const { document: delivered } = (await sent.json()) as { document: { id: string } };
    const marked = await t.request(
      `/api/admin/submissions/${dana.submission.id}/documents/${delivered.id}/report`,
      withCookie(admin, { method: "POST", headers: { origin: "http://localhost:3000" } }),
    );
    expect(marked.status).toBe(200);
    const CONSULTATION = "/api/portal/consultation";
    const slots = await t.request(`${CONSULTATION}/slots`, withCookie(dana.cookie));
    expect(slots.status).toBe(200);
    // More than a day out, so it can still be moved and cancelled.
    const [first, second, third] = ((await slots.json()) as { slots: { start: string }[] }).slots
      .filter((s) => s.start > "2026-11-18")
      .map((s) => s.start);
    const consult = (method: string, start?: string) =>
      t.request(CONSULTATION, withCookie(dana.cookie, { ...post(start ? { start } : undefined), method }));
    clock.at = new Date("2026-11-16T15:10:00.000Z");
    expect((await consult("POST", first)).status).toBe(201);
    clock.at = new Date("2026-11-16T15:11:00.000Z");
    expect((await consult("PATCH", second)).status).toBe(200);
    clock.at = new Date("2026-11-16T15:12:00.000Z");
    expect((await consult("DELETE")).status).toBe(200);
    clock.at = new Date("2026-11-16T15:13:00.000Z");
    expect((await consult("POST", third)).status).toBe(201);

    clock.at = new Date("2026-11-17T09:00:00.000Z");
    // A session ends when the clock jumps past its idle limit: sign in again.
    admin = await signIn(t.request, USER, PASSWORD);
    const created = await t.request(
      API,
      withCookie(admin, post({ email: "dana@whitfieldmoss.example", kind: "access" })),
    );
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const res = await t.request(`${API}/${id}/export`, withCookie(admin));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/zip");
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="data-request-${id}-2026-11-17.zip"`,
    );
    const archive = readZip(new Uint8Array(await res.arrayBuffer()));
    const json = archive.get(`data-request-${id}-2026-11-17.json`);
    expect(json).toBeDefined();
    const doc = JSON.parse(new TextDecoder().decode(json)) as ExportDocument;
    expect(doc.intakes).toHaveLength(1);
    const [intake] = doc.intakes;
    const reference = intake?.submission.reference as string;
    const listed = intake?.documents ?? [];

    const named = (name: string, size: number) => listed.find((d) => d.name === name && d.size === size);
    expect(listed.map((d) => `${d.name} ${d.size} ${d.direction}`).sort()).toEqual([
      `Asset map report.pdf ${report.length} firm`,
      `Chase statement 2024.pdf ${statement.length} client`,
      "half-sent.pdf 300000 client",
      "ledger.csv 12 client",
      `ledger.csv ${ledger.length} client`,
    ]);
    const chase = named("Chase statement 2024.pdf", statement.length);
    expect(chase).toMatchObject({
      sha256: sha(statement),
      createdAt: "2026-11-16T15:00:00.000Z",
      completedAt: "2026-11-16T15:00:00.000Z",
    });
    // The row's own id is the server's, not the person's (ADR 301): the file's place names it only in its path.
    expect(chase?.file).toMatch(new RegExp(`^documents/${reference}/[^/]+-Chase statement 2024\\.pdf$`));
    expect(named("half-sent.pdf", 300_000)).toMatchObject({ sha256: null, completedAt: null, file: null });

    // Every finished file is in the archive, decrypted; its bytes hash to the SHA-256 listed beside it.
    const finished = listed.filter((d) => d.file !== null);
    expect(finished).toHaveLength(4);
    for (const d of finished) {
      const bytes = archive.get(d.file as string);
      expect(bytes?.length).toBe(d.size);
      expect(sha(bytes as Uint8Array)).toBe(d.sha256 as string);
    }
    expect(sha(archive.get(chase?.file as string) as Uint8Array)).toBe(sha(statement));
    const firm = named("Asset map report.pdf", report.length);
    expect(sha(archive.get(firm?.file as string) as Uint8Array)).toBe(sha(report));
    // The readable document, its JSON and the four files, nothing of the unfinished upload or of another engagement.
    expect(archive.size).toBe(6);
    expect([...archive.keys()].some((name) => name.includes("someone else"))).toBe(false);

    // Her consultations: the cancelled one with its booking, move and cancel, and the one booked now.
    expect(intake?.consultations).toEqual([
      {
        startsAt: second as string,
        status: "cancelled",
        bookedAt: "2026-11-16T15:10:00.000Z",
        cancelledAt: "2026-11-16T15:12:00.000Z",
        changes: [
          {
            kind: "booked",
            startsAt: first as string,
            previousStartsAt: null,
            at: "2026-11-16T15:10:00.000Z",
          },
          {
            kind: "moved",
            startsAt: second as string,
            previousStartsAt: first as string,
            at: "2026-11-16T15:11:00.000Z",
          },
          {
            kind: "cancelled",
            startsAt: second as string,
            previousStartsAt: null,
            at: "2026-11-16T15:12:00.000Z",
          },
        ],
      },
      {
        startsAt: third as string,
        status: "booked",
        bookedAt: "2026-11-16T15:13:00.000Z",
        cancelledAt: null,
        changes: [
          {
            kind: "booked",
            startsAt: third as string,
            previousStartsAt: null,
            at: "2026-11-16T15:13:00.000Z",
          },
        ],
      },
    ]);
  }, 60_000);
});
