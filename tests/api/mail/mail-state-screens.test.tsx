import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { renderToStaticMarkup } from "react-dom/server";
import { Router } from "wouter";
import type { DeskOverview } from "../../../src/contracts/desk";
import { FailedMailPanel } from "../../../web/admin/dashboard/morning-view";
import { post, signIn, withCookie } from "../../helpers/admin";
import { makeTestApp } from "../../helpers/app";
import { fileIntake } from "../../helpers/intake";
import { freePorts } from "../../helpers/ports";
import { smtpServer } from "../../helpers/smtp";
import { exportedJson } from "../../helpers/zip";

/**
 * Screens state the mail's real state (issue 17, item 19), with SMTP_URL unset and with a real SMTP server: the
 * dashboard's mail panel, read from the desk's overview as the dashboard reads it, and the API answers other
 * screens word from (a desk reply, a data-request export).
 */
const USER = "morgan";
const PASSWORD = "trace every transfer";
const [SMTP_PORT = 0, SMTP_REPLY_PORT = 0] = freePorts(2);
const clock = { at: new Date("2026-11-23T15:00:00.000Z") };

const panelText = (overview: DeskOverview) =>
  renderToStaticMarkup(
    <Router ssrPath="/admin/dashboard">
      <FailedMailPanel overview={overview} />
    </Router>,
  )
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, " ");

async function overviewOf(t: ReturnType<typeof makeTestApp>) {
  const cookie = await signIn(t.request, USER, PASSWORD);
  const res = await t.request("/api/admin/desk/overview", withCookie(cookie));
  expect(res.status).toBe(200);
  return (await res.json()) as DeskOverview;
}

describe("the dashboard's mail panel, SMTP_URL unset", () => {
  const t = makeTestApp(
    { ADMIN_USERNAME: USER, ADMIN_PASSWORD: PASSWORD, TRUST_PROXY: "1" },
    { now: () => clock.at },
  );

  test("says mail is not configured and queued e-mail waits, never that it has gone out", async () => {
    await fileIntake(t, clock.at);
    const overview = await overviewOf(t);
    expect(overview.mailConfigured).toBe(false);
    expect(overview.failedMail).toEqual([]);
    const text = panelText(overview);
    expect(text).not.toContain("gone out");
    expect(text).not.toContain("on its way");
    expect(text).toContain(
      "Mail is not configured on this server (SMTP_URL is not set): nothing is sent. Queued email waits and goes out once it is set.",
    );
  });
});

describe("the dashboard's mail panel, with a real SMTP server", () => {
  const smtp = smtpServer(SMTP_PORT);
  const t = makeTestApp(
    {
      ADMIN_USERNAME: USER,
      ADMIN_PASSWORD: PASSWORD,
      TRUST_PROXY: "1",
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
    },
    { now: () => clock.at },
  );
  beforeAll(() => smtp.listen());
  afterAll(() => smtp.close());

  test("says queued e-mail goes out, before and after it is delivered", async () => {
    await fileIntake(t, clock.at);
    const queued = await overviewOf(t);
    expect(queued.mailConfigured).toBe(true);
    const text = "No failed email: everything queued has gone out or is on its way.";
    expect(panelText(queued)).toContain(text);
    expect(panelText(queued)).not.toContain("not configured");
    await t.app.decorator.mailOutbox.runOnce();
    expect(smtp.received).toHaveLength(2);
    expect(panelText(await overviewOf(t))).toContain(text);
  });
});

type Delivery = { state: string; attempts: number; sentAt: string | null };
type ReplyAnswer = { mailConfigured: boolean; replies: { delivery: Delivery | null }[] };

/** A reply from the desk and an access request's export, for a request filed from dana@moss.example. */
async function replyAndExport(t: ReturnType<typeof makeTestApp>) {
  const { id } = await fileIntake(t, clock.at, { email: "dana@moss.example" });
  const cookie = await signIn(t.request, USER, PASSWORD);
  const reply = await t.request(
    `/api/admin/submissions/${id}/replies`,
    withCookie(cookie, post({ body: "Hello Dana,\n\nOur quote follows.\n\nMorgan" })),
  );
  expect(reply.status).toBe(201);
  const request = await t.request(
    "/api/admin/data-requests",
    withCookie(cookie, post({ email: "dana@moss.example", kind: "access" })),
  );
  const { id: requestId } = (await request.json()) as { id: number };
  const exported = async () => {
    const res = await t.request(`/api/admin/data-requests/${requestId}/export`, withCookie(cookie));
    const doc = (await exportedJson(res)) as { intakes: { mail: Delivery[] }[] };
    return doc.intakes.flatMap((i) => i.mail.map((m) => ({ state: m.state, sentAt: m.sentAt })));
  };
  const detail = async () =>
    (await (await t.request(`/api/admin/submissions/${id}`, withCookie(cookie))).json()) as ReplyAnswer;
  return { answer: (await reply.json()) as ReplyAnswer, exported, detail };
}

describe("a desk reply and a data-request export state where each e-mail is", () => {
  const quiet = makeTestApp(
    { ADMIN_USERNAME: USER, ADMIN_PASSWORD: PASSWORD, TRUST_PROXY: "1" },
    { now: () => clock.at },
  );
  const smtp = smtpServer(SMTP_REPLY_PORT);
  const mailing = makeTestApp(
    {
      ADMIN_USERNAME: USER,
      ADMIN_PASSWORD: PASSWORD,
      TRUST_PROXY: "1",
      SMTP_URL: `smtp://127.0.0.1:${SMTP_REPLY_PORT}`,
    },
    { now: () => clock.at },
  );
  beforeAll(() => smtp.listen());
  afterAll(() => smtp.close());

  test("SMTP_URL unset: the reply is kept, not sent, and the export says every e-mail waits", async () => {
    const { answer, exported } = await replyAndExport(quiet);
    expect(answer.mailConfigured).toBe(false);
    expect(answer.replies[0]?.delivery).toMatchObject({ state: "pending", attempts: 0, sentAt: null });
    expect(await exported()).toEqual([
      { state: "pending", sentAt: null },
      { state: "pending", sentAt: null },
      { state: "pending", sentAt: null },
    ]);
  });

  test("with a real SMTP server: pending until delivered, then sent", async () => {
    const { answer, exported, detail } = await replyAndExport(mailing);
    expect(answer.mailConfigured).toBe(true);
    expect(answer.replies[0]?.delivery).toMatchObject({ state: "pending", sentAt: null });
    await mailing.app.decorator.mailOutbox.runOnce();
    expect(smtp.received).toHaveLength(3);
    expect((await detail()).replies[0]?.delivery).toMatchObject({
      state: "sent",
      sentAt: clock.at.toISOString(),
    });
    expect((await exported()).map((m) => m.state)).toEqual(["sent", "sent", "sent"]);
  });
});
