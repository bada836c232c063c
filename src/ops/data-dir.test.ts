import { afterAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { dataDirCheck } from "./data-dir";

const root = mkdtempSync(join(tmpdir(), "tracewell-data-dir-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("/readyz's data folder check", () => {
  test("probes at most once per interval, and sees a folder that stopped being writable as the interval ends", () => {
    const dir = join(root, "data");
    mkdirSync(dir);
    let clock = 1_000_000;
    const check = dataDirCheck(dir, { everyMs: 2000, now: () => clock });
    expect(check()).toBe("ok");
    // The folder goes (a file in its place: no probe can be written there, even by root, who runs the tests).
    rmSync(dir, { recursive: true });
    writeFileSync(dir, "not a folder");
    // A balancer asking ten times a second within the interval gets the kept answer: nothing was probed.
    for (let i = 0; i < 19; i++) {
      clock += 100;
      expect(check()).toBe("ok");
    }
    // The first ask after it probes, and fails.
    clock += 100;
    expect(check()).toEqual({
      error: expect.stringMatching(new RegExp(`${dir} cannot be written \\(EEXIST\\)$`)),
    });
    // The failure is kept as long, then the folder back is seen at the next probe.
    rmSync(dir);
    mkdirSync(dir);
    clock += 1999;
    expect(check()).not.toBe("ok");
    clock += 1;
    expect(check()).toBe("ok");
  });

  test("a clock that went back probes again rather than trust an answer from the future", () => {
    const dir = join(root, "back");
    mkdirSync(dir);
    let clock = 5_000_000;
    const check = dataDirCheck(dir, { everyMs: 2000, now: () => clock });
    expect(check()).toBe("ok");
    rmSync(dir, { recursive: true });
    writeFileSync(dir, "not a folder");
    clock -= 60_000;
    expect(check()).not.toBe("ok");
  });
});
