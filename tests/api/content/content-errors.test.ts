import { describe, expect, test } from "bun:test";
import { ARTICLE_IMAGE_MAX_BYTES, ARTICLE_IMAGE_MESSAGES } from "../../../src/contracts/articles";
import { FIRM_MESSAGES, MAX_PHOTO_BYTES } from "../../../src/contracts/firm";
import { MAX_UPLOAD_BYTES, RESOURCE_MESSAGES } from "../../../src/contracts/resources";
import { ARTICLE_MESSAGES, CASE_STUDY_MESSAGES } from "../../../src/modules/content";
import { post, signIn, withCookie } from "../../helpers/admin";
import { makeTestApp, ORIGIN } from "../../helpers/app";

/**
 * What the content and firm admin APIs answer when they refuse: the status and the whole body a client reads,
 * for every refusal the feature tests do not already pin (ids that name no row, the upload limits with and
 * without a declared length, files that are not there). A refusal changes nothing.
 */
const USER = "morgan";
const PASSWORD = "trace every transfer";
const { request } = makeTestApp({ ADMIN_USERNAME: USER, ADMIN_PASSWORD: PASSWORD });
const cookie = await signIn(request, USER, PASSWORD);
const sameOrigin = { origin: ORIGIN, "sec-fetch-site": "same-origin" };

const send = (method: string, path: string, body?: unknown) =>
  request(path, withCookie(cookie, { ...post(body), method }));
const answer = async (res: Response) => ({ status: res.status, body: await res.json() });

const formData = (fields: Record<string, string | File>) => {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.set(k, v);
  return body;
};

/** A multipart form with no declared length, so only its parts tell how large the file is. */
const form = (method: string, path: string, fields: Record<string, string | File>) =>
  request(path, withCookie(cookie, { method, headers: sameOrigin, body: formData(fields) }));

/** The same form with its length declared, as a browser sends it. */
const declaredForm = async (method: string, path: string, fields: Record<string, string | File>) => {
  const bytes = new Uint8Array(await new Response(formData(fields)).arrayBuffer());
  const boundary = new TextDecoder().decode(bytes.subarray(2, bytes.indexOf(13)));
  return request(
    path,
    withCookie(cookie, {
      method,
      headers: {
        ...sameOrigin,
        "content-type": `multipart/form-data; boundary=${boundary}`,
        "content-length": String(bytes.length),
      },
      body: bytes,
    }),
  );
};

/** Past the limit and the room a route leaves for the form's other fields: refused before it is read. */
const PAST_ROOM = 65 * 1024;

/** A 1×1 PNG; a larger "image" is these bytes followed by zeros. */
const PNG = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="),
  (c) => c.charCodeAt(0),
);
const bigPng = (size: number) => {
  const bytes = new Uint8Array(size);
  bytes.set(PNG);
  return new File([bytes], "big.png", { type: "image/png" });
};

/** Ids that name no row: one past any stored, and path segments that are no id at all. */
const NO_ROW = ["999999", "abc", "0", "-1", "1.5"];

describe("ids that name no row answer 404 with the feature's message", () => {
  const cases = [
    { api: "/api/admin/articles", error: ARTICLE_MESSAGES.notFound },
    { api: "/api/admin/case-studies", error: CASE_STUDY_MESSAGES.notFound },
    { api: "/api/admin/resources", error: RESOURCE_MESSAGES.notFound },
    { api: "/api/admin/people", error: FIRM_MESSAGES.personNotFound },
    { api: "/api/admin/testimonials", error: FIRM_MESSAGES.testimonialNotFound },
  ];
  for (const { api, error } of cases) {
    test(`${api}/:id: read, change and delete`, async () => {
      const before = await (await send("GET", api)).json();
      for (const id of NO_ROW) {
        for (const method of ["GET", "PATCH", "DELETE"]) {
          const res = await send(method, `${api}/${id}`, method === "PATCH" ? { title: "x" } : undefined);
          expect([method, id, await answer(res)]).toEqual([method, id, { status: 404, body: { error } }]);
        }
      }
      expect(await (await send("GET", api)).json()).toEqual(before);
    });
  }

  test("an article's saved versions, their comparison and a restore", async () => {
    const created = await send("POST", "/api/admin/articles", {
      title: "Tracing a Transfer",
      slug: "tracing-a-transfer-errors",
      description: "How a transfer is traced from one account to the next.",
      content: "The first account.",
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const [kept] = (await (await send("GET", `/api/admin/articles/${id}/revisions`)).json()) as {
      id: number;
    }[];
    const revisionMissing = { status: 404, body: { error: ARTICLE_MESSAGES.revisionNotFound } };
    for (const bad of NO_ROW) {
      expect(await answer(await send("GET", `/api/admin/articles/${bad}/revisions`))).toEqual({
        status: 404,
        body: { error: ARTICLE_MESSAGES.notFound },
      });
      expect(
        await answer(
          await send("GET", `/api/admin/articles/${bad}/revisions/compare?from=${kept?.id}&to=${kept?.id}`),
        ),
      ).toEqual(revisionMissing);
      expect(
        await answer(
          await send("GET", `/api/admin/articles/${id}/revisions/compare?from=${kept?.id}&to=${bad}`),
        ),
      ).toEqual(revisionMissing);
      expect(await answer(await send("POST", `/api/admin/articles/${id}/revisions/${bad}/restore`))).toEqual(
        revisionMissing,
      );
      expect(
        await answer(await send("POST", `/api/admin/articles/${bad}/revisions/${kept?.id}/restore`)),
      ).toEqual(revisionMissing);
    }
    expect(await answer(await send("GET", `/api/admin/articles/${id}/revisions/compare`))).toEqual(
      revisionMissing,
    );
    expect((await (await send("GET", `/api/admin/articles/${id}/revisions`)).json()).length).toBe(1);
  });

  test("another article's saved version is not this one's: no comparison, no restore, nothing changed", async () => {
    const write = async (slug: string, content: string) => {
      const res = await send("POST", "/api/admin/articles", {
        title: `Tracing ${slug}`,
        slug,
        description: "How a transfer is traced from one account to the next.",
        content,
      });
      expect(res.status).toBe(201);
      const { id } = (await res.json()) as { id: number };
      const [kept] = (await (await send("GET", `/api/admin/articles/${id}/revisions`)).json()) as {
        id: number;
      }[];
      return { id, revision: kept?.id };
    };
    const mine = await write("tracing-mine-errors", "My account.");
    const theirs = await write("tracing-theirs-errors", "Their account.");
    const revisionMissing = { status: 404, body: { error: ARTICLE_MESSAGES.revisionNotFound } };
    const before = await (await send("GET", `/api/admin/articles/${mine.id}`)).json();
    expect(
      await answer(
        await send(
          "GET",
          `/api/admin/articles/${mine.id}/revisions/compare?from=${mine.revision}&to=${theirs.revision}`,
        ),
      ),
    ).toEqual(revisionMissing);
    expect(
      await answer(await send("POST", `/api/admin/articles/${mine.id}/revisions/${theirs.revision}/restore`)),
    ).toEqual(revisionMissing);
    expect(await (await send("GET", `/api/admin/articles/${mine.id}`)).json()).toEqual(before);
    expect((await (await send("GET", `/api/admin/articles/${mine.id}/revisions`)).json()).length).toBe(1);
  });

  test("a person's photo: set and removed", async () => {
    const error = FIRM_MESSAGES.personNotFound;
    for (const id of NO_ROW) {
      const put = await form("PUT", `/api/admin/people/${id}/photo`, {
        photo: new File([PNG], "me.png", { type: "image/png" }),
      });
      expect(await answer(put)).toEqual({ status: 404, body: { error } });
      expect(await answer(await send("DELETE", `/api/admin/people/${id}/photo`))).toEqual({
        status: 404,
        body: { error },
      });
    }
  });
});

describe("uploads past their limit answer 413: by a declared length at once, or by the file's own size", () => {
  test("a resource's file", async () => {
    const fields = { title: "Worksheet", description: "A worksheet for recording lien searches." };
    const pdf = (size: number) => new File([new Uint8Array(size)], "big.pdf", { type: "application/pdf" });
    const file = pdf(MAX_UPLOAD_BYTES + 1);
    const before = await (await send("GET", "/api/admin/resources")).json();
    const declared = await declaredForm("POST", "/api/admin/resources", {
      ...fields,
      file: pdf(MAX_UPLOAD_BYTES + PAST_ROOM),
    });
    expect(await answer(declared)).toEqual({
      status: 413,
      body: { error: RESOURCE_MESSAGES.fileTooLarge },
    });
    expect(await answer(await form("POST", "/api/admin/resources", { ...fields, file }))).toEqual({
      status: 413,
      body: { error: RESOURCE_MESSAGES.fileTooLarge, errors: { file: [RESOURCE_MESSAGES.fileTooLarge] } },
    });
    expect(await (await send("GET", "/api/admin/resources")).json()).toEqual(before);
  });

  test("an article's image", async () => {
    const image = bigPng(ARTICLE_IMAGE_MAX_BYTES + 1);
    const refused = {
      status: 413,
      body: { error: ARTICLE_IMAGE_MESSAGES.tooLarge, errors: { image: [ARTICLE_IMAGE_MESSAGES.tooLarge] } },
    };
    expect(await answer(await form("POST", "/api/admin/articles/images", { image, alt: "A chart" }))).toEqual(
      refused,
    );
    const declared = await declaredForm("POST", "/api/admin/articles/images", {
      image: bigPng(ARTICLE_IMAGE_MAX_BYTES + PAST_ROOM),
      alt: "A chart",
    });
    expect(await answer(declared)).toEqual(refused);
  });

  test("a person's photo", async () => {
    const created = await send("POST", "/api/admin/people", { name: "Avery Stone", role: "Analyst" });
    const person = await created.json();
    const photo = bigPng(MAX_PHOTO_BYTES + 1);
    const declared = await declaredForm("PUT", `/api/admin/people/${person.id}/photo`, {
      photo: bigPng(MAX_PHOTO_BYTES + PAST_ROOM),
    });
    expect(await answer(declared)).toEqual({ status: 413, body: { error: FIRM_MESSAGES.photoTooLarge } });
    expect(await answer(await form("PUT", `/api/admin/people/${person.id}/photo`, { photo }))).toEqual({
      status: 413,
      body: { error: FIRM_MESSAGES.photoTooLarge, errors: { photo: [FIRM_MESSAGES.photoTooLarge] } },
    });
    expect(await answer(await form("PUT", `/api/admin/people/${person.id}/photo`, {}))).toEqual({
      status: 422,
      body: { errors: { photo: [FIRM_MESSAGES.photoRequired] } },
    });
    expect(await (await send("GET", `/api/admin/people/${person.id}`)).json()).toEqual(person);
  });
});

describe("a resource's file must be there and of a kind the site takes", () => {
  const fields = { title: "Worksheet", description: "A worksheet for recording lien searches." };
  test("no file, a file of another kind, a document that is not the site's own: 422 at the field", async () => {
    expect(await answer(await form("POST", "/api/admin/resources", fields))).toEqual({
      status: 422,
      body: { errors: { file: [RESOURCE_MESSAGES.fileRequired] } },
    });
    const exe = new File(["MZ\u0090\u0000"], "tool.pdf", { type: "application/pdf" });
    expect(await answer(await form("POST", "/api/admin/resources", { ...fields, file: exe }))).toEqual({
      status: 422,
      body: { errors: { file: [RESOURCE_MESSAGES.fileType] } },
    });
    expect(
      await answer(await send("POST", "/api/admin/resources", { ...fields, path: "/etc/passwd" })),
    ).toEqual({
      status: 422,
      body: { errors: { path: [RESOURCE_MESSAGES.path] } },
    });
  });
});

describe("files that are not there, or not shown, answer 404", () => {
  test("an upload, an article's image, a person's photo", async () => {
    const name = "0b8f7a1e-3c2d-4e5f-8a9b-0c1d2e3f4a5b";
    for (const path of [
      `/uploads/${name}.pdf`,
      "/uploads/not-a-name.pdf",
      "/uploads/%",
      `/uploads/articles/${name}.png`,
      `/uploads/photos/${name}.png`,
      "/uploads/photos/%",
    ]) {
      expect([path, await answer(await request(path))]).toEqual([
        path,
        { status: 404, body: { error: "Not found" } },
      ]);
    }
  });
});
