import { afterAll, describe, expect, test } from "bun:test";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { signIn, withCookie } from "../../helpers/admin";
import { makeTestApp } from "../../helpers/app";
import { b64, pdf, sha } from "../../helpers/files";
import { portalClient, tus } from "../../helpers/portal-client";
import { freePorts } from "../../helpers/ports";
import { smtpServer } from "../../helpers/smtp";
import { eventually } from "../../helpers/wait";
import { exportedJson } from "../../helpers/zip";

const [SMTP_PORT = 0] = freePorts(1);
const USER = "morgan";
const PASSWORD = "trace every transfer";
const API = "/api/admin/submissions";

type Doc = {
  id: string;
  direction: string;
  name: string;
  sha256: string;
  openedAt: string | null;
  reportAt: string | null;
  receivedAt: string | null;
};

describe("the engagement's documents at the desk, and the report", () => {
  const clock = { at: new Date("2026-11-16T15:00:00.000Z") };
  const smtp = smtpServer(SMTP_PORT);
  afterAll(() => smtp.close());
  const t = makeTestApp(
    { ADMIN_USERNAME: USER, ADMIN_PASSWORD: PASSWORD, SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}` },
    { now: () => clock.at },
  );
  let admin = "";
  let dana = { cookie: "", engagementId: 0, submission: { id: 0, reference: "" } };
  let other = { cookie: "", engagementId: 0, submission: { id: 0, reference: "" } };
  const statement = pdf(150_000);
  const report = pdf(90_000);
  const deskList = async (submissionId: number) =>
    (
      (await (await t.request(`${API}/${submissionId}/documents`, withCookie(admin))).json()) as {
        documents: Doc[];
      }
    ).documents;

  test("staff list the client's file and download it: the same bytes, audited, and from then on the client cannot remove it", async () => {
    await smtp.listen();
    admin = await signIn(t.request, USER, PASSWORD);
    dana = await portalClient(t, clock.at, admin, { email: "dana@whitfieldmoss.example" });
    other = await portalClient(t, clock.at, admin, { email: "lee@elsewhere.example" });
    expect((await tus(t.request, dana.cookie).upload(statement, "statement.pdf")).response.status).toBe(204);

    const [doc] = await deskList(dana.submission.id);
    expect(doc).toMatchObject({
      direction: "client",
      name: "statement.pdf",
      sha256: sha(statement),
      openedAt: null,
    });
    expect((await t.request(`${API}/${dana.submission.id}/documents`)).status).toBe(401);
    expect(
      (await t.request(`${API}/${other.submission.id}/documents/${doc?.id}`, withCookie(admin))).status,
    ).toBe(404);

    const download = await t.request(`${API}/${dana.submission.id}/documents/${doc?.id}`, withCookie(admin));
    expect(download.status).toBe(200);
    expect(download.headers.get("content-disposition")).toStartWith("attachment;");
    expect(download.headers.get("content-security-policy")).toContain("sandbox");
    expect(sha(new Uint8Array(await download.arrayBuffer()))).toBe(sha(statement));
    const audit = t.db
      .query<{ event: string; detail: string }, []>(
        "SELECT event, detail FROM audit_log ORDER BY id DESC LIMIT 1",
      )
      .get();
    expect(audit?.event).toBe("document.downloaded");
    expect(audit?.detail).toContain(doc?.id as string);
    expect((await deskList(dana.submission.id))[0]?.openedAt).toBe(clock.at.toISOString());

    const removed = await t.request(
      `/api/portal/documents/${doc?.id}`,
      withCookie(dana.cookie, { method: "DELETE" }),
    );
    expect(removed.status).toBe(409);
    expect(((await removed.json()) as { error: string }).error).toContain("The firm has opened this file");
  }, 60_000);

  test("staff send the report; the client is e-mailed a link (no attachment), delivery is recorded, and the first download is the receipt", async () => {
    const sent = await t.request(
      `${API}/${dana.submission.id}/documents`,
      withCookie(admin, {
        method: "POST",
        headers: {
          origin: "http://localhost:3000",
          "content-type": "application/octet-stream",
          "content-length": String(report.length),
          "upload-metadata": `filename ${b64("Asset map report.pdf")}`,
        },
        body: new Uint8Array(report),
      }),
    );
    expect(sent.status).toBe(201);
    const created = ((await sent.json()) as { document: Doc }).document;
    expect(created).toMatchObject({ direction: "firm", name: "Asset map report.pdf", sha256: sha(report) });

    const clientFile = (await deskList(dana.submission.id)).find((d) => d.direction === "client");
    expect(clientFile?.name).toBe("statement.pdf");
    expect(
      (
        await t.request(
          `${API}/${dana.submission.id}/documents/${clientFile?.id}/report`,
          withCookie(admin, { method: "POST", headers: { origin: "http://localhost:3000" } }),
        )
      ).status,
    ).toBe(409);

    clock.at = new Date("2026-11-16T15:10:00.000Z");
    const marked = await t.request(
      `${API}/${dana.submission.id}/documents/${created.id}/report`,
      withCookie(admin, { method: "POST", headers: { origin: "http://localhost:3000" } }),
    );
    expect(marked.status).toBe(200);
    expect(((await marked.json()) as { document: Doc }).document.reportAt).toBe(clock.at.toISOString());

    await t.app.decorator.mailOutbox.runOnce();
    const mail = smtp.received.find((m) => m.subject?.startsWith("Your report is ready"));
    expect(mail?.text).toContain("http://localhost:3000/portal");
    expect(mail?.attachments).toEqual([]);
    expect(JSON.stringify(mail?.to)).toContain("dana@whitfieldmoss.example");

    const view = (await (await t.request("/api/portal", withCookie(dana.cookie))).json()) as {
      engagement: { deliveredAt: string | null };
    };
    expect(view.engagement.deliveredAt).toBe(clock.at.toISOString());

    const listed = (await (await t.request("/api/portal/documents", withCookie(dana.cookie))).json()) as {
      documents: Doc[];
    };
    expect(listed.documents.map((d) => d.direction).sort()).toEqual(["client", "firm"]);
    expect(listed.documents.find((d) => d.id === created.id)?.receivedAt).toBeNull();
    expect((await t.request(`/api/portal/documents/${created.id}`, withCookie(other.cookie))).status).toBe(
      404,
    );

    clock.at = new Date("2026-11-16T15:20:00.000Z");
    const got = await t.request(`/api/portal/documents/${created.id}`, withCookie(dana.cookie));
    expect(sha(new Uint8Array(await got.arrayBuffer()))).toBe(sha(report));
    clock.at = new Date("2026-11-16T15:25:00.000Z");
    await (await t.request(`/api/portal/documents/${created.id}`, withCookie(dana.cookie))).arrayBuffer();
    const receipt = (await deskList(dana.submission.id)).find((d) => d.id === created.id);
    expect(receipt?.receivedAt).toBe("2026-11-16T15:20:00.000Z");
    expect(
      (await t.request(`/api/portal/documents/${created.id}`, withCookie(dana.cookie, { method: "DELETE" })))
        .status,
    ).toBe(404);
  });

  test("erasure, the retention purge and the desk's delete each take the request's files and their wrapped keys off the disk", async () => {
    const docsDir = join(t.dataDir, "documents");
    const filesOf = (engagementId: number) =>
      t.db
        .query<{ f: string }, [number]>("SELECT file_id AS f FROM documents WHERE engagement_id = ?")
        .all(engagementId)
        .map((r) => r.f);
    const origin = { origin: "http://localhost:3000", "sec-fetch-site": "same-origin" };

    // Erasure by a data-rights request.
    expect((await tus(t.request, other.cookie).upload(pdf(70_000), "lee.pdf")).response.status).toBe(204);
    const leeFiles = filesOf(other.engagementId);
    expect(leeFiles.length).toBe(1);
    expect(existsSync(join(docsDir, leeFiles[0] as string))).toBe(true);
    const created = await t.request(
      "/api/admin/data-requests",
      withCookie(admin, {
        method: "POST",
        headers: { ...origin, "content-type": "application/json" },
        body: JSON.stringify({ email: "lee@elsewhere.example", kind: "deletion" }),
      }),
    );
    expect(created.status).toBe(201);
    const requestId = ((await created.json()) as { id: number }).id;
    const exported = await t.request(`/api/admin/data-requests/${requestId}/export`, withCookie(admin));
    const record = (await exportedJson(exported)) as { intakes: { documents: Doc[] }[] };
    const listed = record.intakes.flatMap((i) => i.documents);
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ name: "lee.pdf", direction: "client" });
    expect(listed[0]?.sha256).toMatch(/^[0-9a-f]{64}$/);
    const erased = await t.request(
      `/api/admin/data-requests/${requestId}/erase`,
      withCookie(admin, { method: "POST", headers: origin }),
    );
    expect(erased.status).toBe(200);
    // The file goes once the erasure is committed.
    expect(await eventually(() => !existsSync(join(docsDir, leeFiles[0] as string)))).toBe(true);
    expect(filesOf(other.engagementId)).toEqual([]);

    // The retention purge, seven years after an engaged request's last change.
    const kept = await portalClient(t, clock.at, admin, { email: "kim@kept.example" });
    expect((await tus(t.request, kept.cookie).upload(pdf(70_000), "kim.pdf")).response.status).toBe(204);
    const kimFiles = filesOf(kept.engagementId);
    t.db.run("UPDATE contact_submissions SET status = 'engaged', status_changed_at = ? WHERE id = ?", [
      "2019-01-01T00:00:00.000Z",
      kept.submission.id,
    ]);
    expect(t.app.decorator.retention.purge().deleted).toContain(kept.submission.reference);
    expect(existsSync(join(docsDir, kimFiles[0] as string))).toBe(false);

    // The desk's delete.
    const danaFiles = filesOf(dana.engagementId);
    expect(danaFiles.length).toBe(2);
    const removed = await t.request(
      `${API}/${dana.submission.id}`,
      withCookie(admin, { method: "DELETE", headers: origin }),
    );
    expect(removed.status).toBe(200);
    for (const f of danaFiles) expect(existsSync(join(docsDir, f))).toBe(false);
    expect(t.db.query("SELECT count(*) AS n FROM documents").get()).toEqual({ n: 0 });
    expect(readdirSync(docsDir)).toEqual([]);
  }, 60_000);

  // app.handle hands the route a body nothing has read; a listening server's request comes through the body
  // deadline first. A small body that had arrived whole was left locked by the deadline's copy (a 500).
  test("staff send files through a listening server: a small one sent whole and a large one in chunks", async () => {
    const sam = await portalClient(t, clock.at, admin, { email: "sam@streamed.example" });
    const server = t.app.listen({ port: 0, hostname: "127.0.0.1" }).server;
    const sendAs = (file: Uint8Array, name: string, body: BodyInit) =>
      fetch(`http://127.0.0.1:${server?.port}${API}/${sam.submission.id}/documents`, {
        method: "POST",
        headers: {
          cookie: admin,
          origin: "http://localhost:3000",
          "content-type": "application/octet-stream",
          "content-length": String(file.length),
          "upload-metadata": `filename ${b64(name)}`,
        },
        body,
      });
    try {
      const small = pdf(40_000);
      const large = pdf(300_000);
      const chunks = [large.subarray(0, 100_000), large.subarray(100_000, 200_000), large.subarray(200_000)];
      const sent = [
        await sendAs(small, "Engagement memo.pdf", new Uint8Array(small)),
        await sendAs(
          large,
          "Exhibits.pdf",
          new ReadableStream({
            pull(controller) {
              const next = chunks.shift();
              if (next) controller.enqueue(next);
              else controller.close();
            },
          }),
        ),
      ];
      expect(sent.map((r) => r.status)).toEqual([201, 201]);
      const docs = await Promise.all(sent.map(async (r) => ((await r.json()) as { document: Doc }).document));
      expect(docs).toMatchObject([
        { direction: "firm", name: "Engagement memo.pdf", sha256: sha(small) },
        { direction: "firm", name: "Exhibits.pdf", sha256: sha(large) },
      ]);
    } finally {
      await t.app.stop();
    }
  }, 60_000);
});
