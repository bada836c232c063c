import { describe, expect, test } from "bun:test";
import { post, signIn, withCookie } from "../../helpers/admin";
import { makeTestApp } from "../../helpers/app";
import { fileIntake, formBody, validIntake } from "../../helpers/intake";

/**
 * Every value that is one line (names, titles, slugs, addresses, subjects...) refuses line breaks, the Unicode
 * line and paragraph separators and every other control character: 422 with a message under the field, through
 * the route that takes it. A line break in a name must never become a forged line in a staff e-mail (issue 17,
 * item 4). Fields meant to hold paragraphs keep their line breaks.
 */
const USER = "morgan";
const PASSWORD = "trace every transfer";
const clock = { at: new Date("2026-03-02T15:00:00.000Z") };
const { request, db } = makeTestApp(
  { ADMIN_USERNAME: USER, ADMIN_PASSWORD: PASSWORD, TRUST_PROXY: "1" },
  { now: () => clock.at },
);
const cookie = await signIn(request, USER, PASSWORD);
const { id: submissionId } = await fileIntake({ request, db }, clock.at);

/** What breaks a line, or is no text at all: each must be refused wherever a value is one line. */
const BREAKERS: [name: string, text: string][] = [
  ["CR LF", "\r\n"],
  ["LF", "\n"],
  ["CR", "\r"],
  ["line separator U+2028", "\u2028"],
  ["paragraph separator U+2029", "\u2029"],
  ["next line U+0085", "\u0085"],
  ["vertical tab", "\u000b"],
  ["form feed", "\u000c"],
  ["NUL", "\u0000"],
  ["escape", "\u001b"],
  ["DEL", "\u007f"],
  ["tab", "\t"],
];

type Route = {
  route: string;
  send: (value: string) => Promise<Response>;
  /** What a valid value looks like, with `{}` where the breaker goes. */
  sample: string;
  field: string;
  message: string;
};

let visitor = 0;
const contact = (fields: Record<string, unknown>) =>
  request("/api/contact", {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": `198.51.100.${(visitor++ % 250) + 1}` },
    body: JSON.stringify(validIntake(clock.at, fields)),
  });
const admin = (method: string, path: string, body: unknown) =>
  request(path, withCookie(cookie, { ...post(body), method }));
const TOKEN = "a".repeat(43);

const intakeField = (field: string, sample: string, label: string): Route => ({
  route: "POST /api/contact",
  send: (value) => contact({ [field]: value }),
  sample,
  field,
  message: `${label} must be one line of text`,
});

const ROUTES: Route[] = [
  {
    route: "POST /api/admin/submissions/:id/engagement/payments",
    send: async (value) => {
      await admin("PUT", `/api/admin/submissions/${submissionId}/engagement`, {
        scope: "Map the subject's real property and entities in Cook County.",
        feeCents: 350_000,
        feeKind: "flat",
        turnaroundBusinessDays: 10,
        expedite: false,
      });
      return admin("POST", `/api/admin/submissions/${submissionId}/engagement/payments`, {
        amountCents: 100,
        receivedOn: "2026-03-02",
        method: value,
      });
    },
    sample: "Wire{}Reference: IR-FAKE",
    field: "method",
    message: "Method must be one line of text",
  },
  intakeField("name", "Bob{}Reference: IR-FAKE", "Name"),
  intakeField("firm", "Moss{}URGENT: log in at https://evil.example/admin/login", "Firm"),
  intakeField("phone", "(312) 555-0199{}x", "Phone number"),
  intakeField("jurisdictions", "Cook County{}IL", "Jurisdictions"),
  intakeField("email", "dana@moss.example{}Bcc: all@evil.example", "Email"),
  {
    route: "POST /api/admin/login",
    send: (value) => request("/api/admin/login", post({ username: value, password: "x" })),
    sample: "morgan{}admin",
    field: "username",
    message: "Username must be one line of text",
  },
  {
    route: "POST /api/admin/staff/invitations",
    send: (value) => admin("POST", "/api/admin/staff/invitations", { email: value }),
    sample: "lee@tracewell.example{}Bcc: all@evil.example",
    field: "email",
    message: "Email must be one line of text",
  },
  {
    route: "POST /api/admin/staff-invitation/accept",
    send: (value) =>
      request(
        "/api/admin/staff-invitation/accept",
        post({
          token: TOKEN,
          username: value,
          password: "a long passphrase",
          confirmPassword: "a long passphrase",
        }),
      ),
    sample: "lee{}admin",
    field: "username",
    message: "Username must be one line of text",
  },
  ...(["title", "slug", "author"] as const).map(
    (field): Route => ({
      route: "POST /api/admin/articles",
      send: (value) =>
        admin("POST", "/api/admin/articles", {
          title: "Tracing a shell company",
          slug: "tracing-a-shell-company",
          description: "How we follow an LLC to the people behind it.",
          author: "Morgan",
          [field]: value,
        }),
      sample: field === "slug" ? "tracing{}a-shell" : "Tracing{}a shell company",
      field,
      message: `${field[0]?.toUpperCase()}${field.slice(1)} must be one line of text`,
    }),
  ),
  ...(
    [
      ["title", "Title"],
      ["category", "Category"],
      ["assetsRecovered", "Assets recovered"],
    ] as const
  ).map(
    ([field, label]): Route => ({
      route: "POST /api/admin/case-studies",
      send: (value) =>
        admin("POST", "/api/admin/case-studies", {
          title: "The boathouse",
          category: "Family law",
          description: "A lake house bought through an LLC.",
          challenge: "Income reported at $180,000.",
          approach: "Property and entity records.",
          outcome: "The LLC's owner named in a deposition.",
          assetsRecovered: "$1.2M in real property",
          [field]: value,
        }),
      sample: "Family{}law",
      field,
      message: `${label} must be one line of text`,
    }),
  ),
  ...(
    [
      ["title", "Title"],
      ["category", "Category"],
    ] as const
  ).map(
    ([field, label]): Route => ({
      route: "POST /api/admin/resources",
      send: (value) =>
        admin("POST", "/api/admin/resources", {
          title: "Checklist",
          description: "What to gather before a search.",
          path: "/docs/attorney-intake-checklist.pdf",
          [field]: value,
        }),
      sample: "Check{}list",
      field,
      message: `${label} must be one line of text`,
    }),
  ),
  {
    route: "POST /api/admin/data-requests",
    send: (value) => admin("POST", "/api/admin/data-requests", { email: value, kind: "access" }),
    sample: "dana@moss.example{}x",
    field: "email",
    message: "Email must be one line of text",
  },
  {
    route: "POST /api/admin/submissions/:id/replies",
    send: (value) =>
      admin("POST", `/api/admin/submissions/${submissionId}/replies`, {
        subject: value,
        body: "Hello Dana,\n\nHere is our quote.",
      }),
    sample: "Re: your request{}Bcc: all@evil.example",
    field: "subject",
    message: "The subject must be one line of text",
  },
  {
    route: "POST /api/admin/desk/closures",
    send: (value) => admin("POST", "/api/admin/desk/closures", { date: "2026-12-24", note: value }),
    sample: "Office{}move",
    field: "note",
    message: "Note must be one line of text",
  },
  {
    route: "GET /api/admin/submissions?q=",
    send: (value) => request(`/api/admin/submissions?q=${encodeURIComponent(value)}`, withCookie(cookie)),
    sample: "Dana{}Moss",
    field: "q",
    message: "Search terms must be one line of text",
  },
];

const submissions = () =>
  (db.query("SELECT COUNT(*) AS n FROM contact_submissions").get() as { n: number }).n;

describe("one-line fields refuse line breaks and control characters, through every route", () => {
  for (const r of ROUTES) {
    test(`${r.route}: ${r.field}`, async () => {
      const before = submissions();
      for (const [name, breaker] of BREAKERS) {
        const res = await r.send(r.sample.replace("{}", breaker));
        const body = (await res.json()) as { errors?: Record<string, string[]> };
        expect({ breaker: name, status: res.status, message: body.errors?.[r.field]?.[0] }).toEqual({
          breaker: name,
          status: 422,
          message: r.message,
        });
      }
      expect(submissions()).toBe(before);
    });
  }

  test("the intake form posted without JavaScript comes back with the message under the field", async () => {
    const res = await request("/contact", {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        accept: "text/html",
        "x-forwarded-for": "198.51.100.251",
      },
      body: formBody(validIntake(clock.at, { name: "Bob\r\nReference: IR-FAKE", formStartTime: undefined })),
    });
    expect(res.status).toBe(422);
    const page = await res.text();
    expect(page).toContain("Name must be one line of text");
  });

  test("fields meant for paragraphs keep their line breaks", async () => {
    const description =
      "Divorce, 2023-DR-004512.\r\nHusband bought a lake house through an LLC in 2022.\n\nNeed a map.";
    const res = await contact({ description });
    expect(res.status).toBe(201);
    const study = await admin("POST", "/api/admin/case-studies", {
      title: "The boathouse",
      category: "Family law",
      description: "A lake house\nbought through an LLC.",
      challenge: "Income reported at $180,000.\n\nA boathouse in an LLC.",
      approach: "Property records.\nEntity records.",
      outcome: "Named in a deposition.",
    });
    expect(study.status).toBe(201);
    expect(((await study.json()) as { challenge: string }).challenge).toBe(
      "Income reported at $180,000.\n\nA boathouse in an LLC.",
    );
    const reply = await admin("POST", `/api/admin/submissions/${submissionId}/replies`, {
      subject: "Re: your request",
      body: "Hello Dana,\n\nHere is our quote.\n\nMorgan",
    });
    expect(reply.status).toBe(201);
  });
});
