import { describe, expect, test } from "bun:test";
import { CAPABILITIES, type Capability, lesserRole, outranks, ROLES } from "./roles";

describe("the roles' order", () => {
  // outranks() reads the order of ROLES; that is only an order of rights while the roles nest.
  test("the roles nest: a role holds every capability of each role after it in ROLES", () => {
    for (const [capability, holders] of Object.entries(CAPABILITIES) as [Capability, readonly string[]][]) {
      for (const [i, role] of ROLES.entries()) {
        if (!holders.includes(role)) continue;
        expect([capability, ROLES.slice(0, i).filter((r) => !holders.includes(r))]).toEqual([capability, []]);
      }
    }
  });

  test("an owner outranks staff, staff outrank an editor, and no role outranks itself", () => {
    expect(outranks("owner", "staff")).toBe(true);
    expect(outranks("owner", "editor")).toBe(true);
    expect(outranks("staff", "editor")).toBe(true);
    expect(outranks("editor", "staff")).toBe(false);
    expect(outranks("staff", "owner")).toBe(false);
    for (const role of ROLES) expect(outranks(role, role)).toBe(false);
  });

  test("the lesser of two roles", () => {
    expect(lesserRole("owner", "editor")).toBe("editor");
    expect(lesserRole("editor", "owner")).toBe("editor");
    expect(lesserRole("staff", "owner")).toBe("staff");
    expect(lesserRole("staff", "staff")).toBe("staff");
  });
});
