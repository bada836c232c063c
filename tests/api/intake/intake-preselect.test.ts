import { describe, expect, test } from "bun:test";
import { PATHS, requestServicePath } from "../../../src/contracts/paths";
import { SERVICES } from "../../../src/contracts/services";
import { makeTestApp } from "../../helpers/app";

const { request } = makeTestApp();

/** The intake page as the server sends it: which service option is selected, and the chosen-service note. */
async function contact(search = "") {
  const res = await request(`${PATHS.contact}${search}`);
  const html = await res.text();
  const select = html.match(/<select[^>]*name="desiredService"[\s\S]*?<\/select>/)?.[0] ?? "";
  return {
    status: res.status,
    selected: select.match(/<option value="([^"]*)" selected=""/)?.[1] || null,
    note: html.includes('data-testid="chosen-service"'),
  };
}

describe("Request This Service: /contact?service= is rendered by the server with the service chosen", () => {
  test("each service's link chooses it, whichever page the cache already holds", async () => {
    expect(await contact()).toEqual({ status: 200, selected: null, note: false });
    for (const s of SERVICES) {
      const path = requestServicePath(s.id);
      expect(path).toBe(`/contact?service=${s.id}`);
      // Twice: the second answer may come from the cache, and must still be this service's.
      for (let i = 0; i < 2; i++)
        expect(await contact(path.slice(PATHS.contact.length))).toEqual({
          status: 200,
          selected: s.id,
          note: true,
        });
    }
    expect(await contact()).toEqual({ status: 200, selected: null, note: false });
  });

  test("other query parameters neither hide the choice nor make one", async () => {
    expect((await contact("?utm_source=newsletter&service=judgment-intel")).selected).toBe("judgment-intel");
    expect(await contact("?utm_source=newsletter")).toEqual({ status: 200, selected: null, note: false });
  });

  test("a value that names no service is the plain page, never an error", async () => {
    for (const bad of [
      "?service=",
      "?service=other",
      "?service=%3Cscript%3E",
      "?service=asset-map%00",
      "?service=%ff",
    ])
      expect(await contact(bad)).toEqual({ status: 200, selected: null, note: false });
  });
});
