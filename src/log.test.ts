import { expect, test } from "bun:test";
import { eventually } from "../tests/helpers/wait";
import { batchedStdout, createLogger } from "./log";

test("a line is one JSON object: time, level, event, then the fields", () => {
  const lines: string[] = [];
  const logger = createLogger("info", (l) => void lines.push(l));
  logger.debug("hidden");
  logger.info("request", { id: "abc", path: '/a"b', status: 200 });
  expect(lines).toHaveLength(1);
  expect(lines[0]?.endsWith("\n")).toBe(true);
  const line = JSON.parse(lines[0] ?? "");
  expect(Object.keys(line)).toEqual(["time", "level", "event", "id", "path", "status"]);
  expect(line).toMatchObject({ level: "info", event: "request", id: "abc", path: '/a"b', status: 200 });
  expect(Math.abs(Date.parse(line.time) - Date.now())).toBeLessThan(1000);
});

test('a request line is the object info("request", ...) would write, whatever the client sent', () => {
  const lines: string[] = [];
  const logger = createLogger("info", (l) => void lines.push(l));
  const hostile = { method: 'GE"T\\', path: '/a"b\\c\n\u2028</script>\u0000' };
  const fields = { id: crypto.randomUUID(), ...hostile, status: 404, ms: 0.3 };
  logger.request(fields);
  logger.info("request", fields);
  expect(lines).toHaveLength(2);
  const [byHand, generic] = lines.map((l) => JSON.parse(l));
  expect(lines[0]?.endsWith("}\n")).toBe(true);
  expect(lines[0]?.slice(0, -1)).not.toContain("\n");
  expect(Object.keys(byHand)).toEqual(["time", "level", "event", "id", "method", "path", "status", "ms"]);
  expect({ ...byHand, time: undefined }).toEqual({ ...generic, time: undefined });
  expect(byHand).toMatchObject({ level: "info", event: "request", ...hostile, status: 404, ms: 0.3 });

  // Below info, no request lines.
  const quiet: string[] = [];
  createLogger("warn", (l) => void quiet.push(l)).request(fields);
  expect(quiet).toEqual([]);
});

test("stdout gets the lines in batches, each line whole and in order, within a few milliseconds", async () => {
  const chunks: string[] = [];
  const write = batchedStdout((c) => void chunks.push(c));
  for (let i = 0; i < 100; i++) write(`{"n":${i}}\n`);
  expect(chunks).toEqual([]);
  // Written by its timer (10 ms): waited for, up to the few milliseconds the batch may take.
  expect(await eventually(() => chunks.length > 0, { timeoutMs: 50, everyMs: 1 })).toBe(true);
  expect(chunks).toHaveLength(1);
  expect(
    chunks[0]
      ?.split("\n")
      .filter(Boolean)
      .map((l) => JSON.parse(l).n),
  ).toEqual(Array.from({ length: 100 }, (_, i) => i));
  // A large batch goes out at once.
  write(`${"x".repeat(70_000)}\n`);
  expect(chunks).toHaveLength(2);
});

test("a line logged just before the process exits is written", () => {
  const script = `const { createLogger } = await import(${JSON.stringify(`${import.meta.dir}/log.ts`)});
createLogger("info").info("stopped", { code: 0 });
process.exit(0);`;
  const run = Bun.spawnSync([process.execPath, "-e", script], { stdout: "pipe", stderr: "pipe" });
  expect(run.exitCode).toBe(0);
  const line = JSON.parse(run.stdout.toString());
  expect(line).toMatchObject({ level: "info", event: "stopped", code: 0 });
});

test("an event, and the line of a request that may have changed something or failed, are written at once, after what was pending", () => {
  const chunks: string[] = [];
  const logger = createLogger(
    "info",
    batchedStdout((c) => void chunks.push(c)),
  );
  const line = { id: crypto.randomUUID(), path: "/", ms: 1 };
  logger.request({ ...line, method: "GET", status: 200 });
  logger.request({ ...line, method: "HEAD", status: 304 });
  expect(chunks).toEqual([]);
  logger.request({ ...line, method: "POST", status: 201 });
  expect(chunks).toHaveLength(1);
  logger.request({ ...line, method: "GET", status: 500 });
  logger.info("intake_accepted", { id: 1 });
  logger.request({ ...line, method: "DELETE", status: 404 });
  expect(chunks).toHaveLength(4);
  // A read the caller wants out at once (a change is in flight), and what waits, on demand.
  logger.request({ ...line, method: "GET", status: 200 }, true);
  expect(chunks).toHaveLength(5);
  logger.request({ ...line, method: "HEAD", status: 200 });
  expect(chunks).toHaveLength(5);
  logger.flush();
  expect(chunks).toHaveLength(6);
  const written = chunks
    .join("")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l));
  expect(written.map((l) => `${l.method ?? l.event} ${l.status ?? ""}`)).toEqual([
    "GET 200",
    "HEAD 304",
    "POST 201",
    "GET 500",
    "intake_accepted ",
    "DELETE 404",
    "GET 200",
    "HEAD 200",
  ]);
});

test("a batched line goes out with the next line logged once it has waited 10 ms, even while its timer cannot run", () => {
  const chunks: string[] = [];
  const write = batchedStdout((c) => void chunks.push(c));
  write('{"n":1}\n');
  // The event loop is held (as by a synchronous commit): the timer cannot fire.
  const until = Date.now() + 15;
  while (Date.now() < until) {}
  expect(chunks).toEqual([]);
  write('{"n":2}\n');
  expect(chunks).toEqual(['{"n":1}\n{"n":2}\n']);
});

test("every line reaches a pipe that is full for a while, whole and in order", async () => {
  // process.stdout.write first, as Bun then makes fd 1 non-blocking: a full pipe answers EAGAIN.
  const script = `const { createLogger } = await import(${JSON.stringify(`${import.meta.dir}/log.ts`)});
process.stdout.write("");
const logger = createLogger("info");
const pad = "x".repeat(900);
for (let n = 0; n < 2000; n++) logger.info("line", { n, pad });`;
  const child = Bun.spawn([process.execPath, "-e", script], { stdout: "pipe", stderr: "pipe" });
  // Nobody reads for a while: 2,000 lines of about 1 KB fill the pipe many times over. The pause is the test (a
  // reader that is away), not a wait for anything.
  await Bun.sleep(500);
  const text = await new Response(child.stdout).text();
  expect(await child.exited).toBe(0);
  expect(await new Response(child.stderr).text()).toBe("");
  const ns = text
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l).n);
  expect(ns).toEqual(Array.from({ length: 2000 }, (_, i) => i));
});

test("a request line names the client's address last, when the app knows it", () => {
  const lines: string[] = [];
  const logger = createLogger("info", (l) => void lines.push(l));
  const fields = { id: "abc", method: "GET", path: "/", status: 200, ms: 1, client: '2001:db8::1"x' };
  logger.request(fields);
  logger.info("request", fields);
  const [byHand, generic] = lines.map((l) => JSON.parse(l));
  expect(Object.keys(byHand).at(-1)).toBe("client");
  expect({ ...byHand, time: undefined }).toEqual({ ...generic, time: undefined });
});
