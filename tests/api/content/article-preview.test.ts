import { describe, expect, test } from "bun:test";
import { articlePath } from "../../../src/contracts/paths";
import { post, signIn, withCookie } from "../../helpers/admin";
import { makeTestApp } from "../../helpers/app";

const USER = "morgan";
const PASSWORD = "trace every transfer";
const { request } = makeTestApp({ ADMIN_USERNAME: USER, ADMIN_PASSWORD: PASSWORD });
const cookie = await signIn(request, USER, PASSWORD);

const draft = {
  title: "Draft: Trusts That Hide a Home",
  slug: "trusts-that-hide-a-home",
  description: "How a land trust keeps an owner's name off the deed index.",
  content: "## The trustee of record\n\nA bank's trust department, often.",
};

describe("article preview", () => {
  test("staff see the real public page of a draft at its address, marked noindex and never cached", async () => {
    const created = await request("/api/admin/articles", withCookie(cookie, post(draft)));
    const { id } = await created.json();
    const path = `${articlePath(draft.slug)}?preview=${id}`;

    const res = await request(path, withCookie(cookie, { headers: { accept: "text/html" } }));
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    const html = await res.text();
    expect(html).toContain(`${draft.title}</h1>`);
    expect(html).toContain("<h2>The trustee of record</h2>");
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"');
    expect(html).toContain("Preview: not public yet");

    // Signed out, the same address is the public page: the draft does not exist there.
    const visitor = await request(path, { headers: { accept: "text/html" } });
    expect(visitor.status).toBe(404);
    expect(await visitor.text()).not.toContain(draft.title);
    expect((await request(articlePath(draft.slug), { headers: { accept: "text/html" } })).status).toBe(404);
  });

  test("a preview of an article that is not at that address, or no article, is the public page", async () => {
    const res = await request(
      `${articlePath("asset-tracing-101-follow-the-money")}?preview=999999`,
      withCookie(cookie, { headers: { accept: "text/html" } }),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("x-robots-tag")).toBeNull();
    expect(await res.text()).not.toContain("Preview: not public yet");
  });
});
