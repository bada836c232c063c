import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { renderToStaticMarkup } from "react-dom/server";
import { Router } from "wouter";
import type { DeskOverview } from "../../src/contracts/desk";
import { FailedMailPanel } from "../../web/admin/dashboard/morning-view";
import { signIn, withCookie } from "../helpers/admin";
import { makeTestApp } from "../helpers/app";
import { fileIntake } from "../helpers/intake";
import { freePorts } from "../helpers/ports";
import { smtpServer } from "../helpers/smtp";

/**
 * Screens state the mail's real state (issue 17, item 19): the dashboard's mail panel, read from the desk's
 * overview as the dashboard reads it, with SMTP_URL unset and with a real SMTP server.
 */
const USER = "morgan";
const PASSWORD = "trace every transfer";
const [SMTP_PORT = 0] = freePorts(1);
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
      "Mail is not configured on this server (SMTP_URL is not set): nothing is sent. Queued e-mail waits and goes out once it is set.",
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
    const text = "No failed e-mail: everything queued has gone out or is on its way.";
    expect(panelText(queued)).toContain(text);
    expect(panelText(queued)).not.toContain("not configured");
    await t.app.decorator.mailOutbox.runOnce();
    expect(smtp.received).toHaveLength(2);
    expect(panelText(await overviewOf(t))).toContain(text);
  });
});
