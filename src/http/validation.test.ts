import { describe, expect, test } from "bun:test";
import { Elysia } from "elysia";
import * as v from "valibot";
import { validationBody } from "./validation";

const app = new Elysia()
  .onError(({ code, error, set }) => {
    if (code === "VALIDATION") {
      set.status = 422;
      return validationBody(error);
    }
  })
  .post("/people", ({ body }) => ({ name: body.name }), {
    body: v.object({
      name: v.pipe(v.string("Enter a name."), v.minLength(2, "A name has at least 2 characters.")),
      email: v.pipe(v.string("Enter an email address."), v.email("Enter a valid email address.")),
    }),
  })
  .get("/pages", ({ query }) => ({ page: query.page }), {
    query: v.object({ page: v.optional(v.pipe(v.string(), v.regex(/^\d+$/, "A page is a whole number."))) }),
  });

const post = (body: unknown) =>
  app.handle(
    new Request("http://localhost/people", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    }),
  );

describe("a route's declared schema refuses input as a service does", () => {
  test("each refused field carries its own message, with 422", async () => {
    const res = await post({ name: "A", email: "nope" });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      errors: { name: ["A name has at least 2 characters."], email: ["Enter a valid email address."] },
    });
  });

  test("a body that is not an object is the form's problem, with the schema's message", async () => {
    const res = await post("just text");
    expect(res.status).toBe(422);
    const body = (await res.json()) as { errors: Record<string, string[]> };
    expect(Object.keys(body.errors)).toEqual(["form"]);
    expect(body.errors.form?.[0]?.length).toBeGreaterThan(0);
  });

  test("a query value is refused at its name", async () => {
    const res = await app.handle(new Request("http://localhost/pages?page=two"));
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ errors: { page: ["A page is a whole number."] } });
  });

  test("valid input reaches the handler", async () => {
    const res = await post({ name: "Ada", email: "ada@example.com" });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ name: "Ada" });
  });
});
