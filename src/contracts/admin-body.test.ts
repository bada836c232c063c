import { describe, expect, test } from "bun:test";
import { Elysia } from "elysia";
import { validationBody } from "../http/validation";
import { changeBody, createBody, sentFields } from "./admin-body";
import { ArticleInputSchema } from "./articles";

/**
 * What an admin form's route declares answers as the screen reads it: each field's own message, one per field,
 * at the field's name; the same schema the editor checks the form with.
 */
const app = new Elysia()
  .onError(({ code, error, set }) => {
    if (code === "VALIDATION") {
      set.status = 422;
      return validationBody(error);
    }
  })
  .post("/articles", ({ body }) => body, { body: createBody(ArticleInputSchema) })
  .patch("/articles", ({ body }) => sentFields(body), { body: changeBody(ArticleInputSchema) });

const send = async (method: string, body: unknown) => {
  const res = await app.handle(
    new Request("http://localhost/articles", {
      method,
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    }),
  );
  return { status: res.status, body: await res.json() };
};

describe("an admin form's declared body", () => {
  test("a required field left out is refused with its own message, not the schema library's", async () => {
    expect(await send("POST", { content: "Text." })).toEqual({
      status: 422,
      body: {
        errors: {
          title: ["Title is required"],
          slug: ["Slug is required"],
          description: ["Description is required"],
        },
      },
    });
  });

  test("a value that breaks two rules is refused for the first, once", async () => {
    // Nine topics, one of them too long: two rules of the one field.
    const tags = ["x".repeat(41), ...Array.from({ length: 8 }, (_, i) => `topic ${i}`)];
    const res = await send("POST", { title: "Tracing", slug: "tracing", description: "About it.", tags });
    expect(res).toEqual({
      status: 422,
      body: { errors: { tags: ["A topic must be at most 40 characters"] } },
    });
  });

  test("what passes reaches the route checked and cleaned: trimmed, defaults filled, unknown keys dropped", async () => {
    const res = await send("POST", { title: "  Tracing  ", slug: "tracing", description: "About it.", x: 1 });
    expect(res).toEqual({
      status: 200,
      body: {
        title: "Tracing",
        slug: "tracing",
        description: "About it.",
        content: "",
        author: "",
        published: false,
        tags: [],
      },
    });
  });

  test("a change carries only the fields sent, each held to the same rule", async () => {
    expect(await send("PATCH", { published: true })).toEqual({ status: 200, body: { published: true } });
    expect(await send("PATCH", { title: " " })).toEqual({
      status: 422,
      body: { errors: { title: ["Title is required"] } },
    });
    // Not an object: nothing to change, and the client is told so rather than a save of nothing.
    expect((await send("PATCH", "just text")).status).toBe(422);
  });
});
