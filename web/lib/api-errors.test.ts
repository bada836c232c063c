import { expect, test } from "bun:test";
import { ApiError } from "./api";
import { serverErrors, serverMessage } from "./api-errors";

const answer = (status: number, body: unknown) => new ApiError(status, JSON.stringify(body), "");

test("field messages come from a 422, and from a 409 that names a field; the first message per field", () => {
  expect(serverErrors(answer(422, { errors: { email: ["Enter an e-mail address", "Too long"] } }))).toEqual({
    email: "Enter an e-mail address",
  });
  expect(serverErrors(answer(409, { errors: { date: ["That day is already a closure"] } }))).toEqual({
    date: "That day is already a closure",
  });
});

test("a conflict, a refusal or a failure without field messages has none", () => {
  expect(serverErrors(answer(409, { error: "Nothing to retry" }))).toBeUndefined();
  expect(serverErrors(answer(400, { errors: { email: ["Enter an e-mail address"] } }))).toBeUndefined();
  expect(serverErrors(new ApiError(422, "not json", ""))).toBeUndefined();
  expect(serverErrors(new Error("offline"))).toBeUndefined();
});

test("the server's reason, else the fallback", () => {
  expect(serverMessage(answer(409, { error: "Nothing to retry" }), "Please try again.")).toBe(
    "Nothing to retry",
  );
  expect(serverMessage(new Error("offline"), "Please try again.")).toBe("Please try again.");
});
