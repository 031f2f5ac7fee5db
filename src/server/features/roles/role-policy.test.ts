import { describe, expect, it } from "vitest";
import { canAssignRole } from "./role-policy.js";

describe("who may assign a role", () => {
  it("lets the official account assign any role", () => {
    for (const role of ["admin", "business", "user"] as const) expect(canAssignRole({ isOfficial: true, roles: [] }, role)).toBe(true);
  });

  it("lets an admin assign business and user but not admin", () => {
    const admin = { isOfficial: false, roles: ["admin"] as const };
    expect(canAssignRole(admin, "business")).toBe(true);
    expect(canAssignRole(admin, "user")).toBe(true);
    expect(canAssignRole(admin, "admin")).toBe(false);
  });

  it("lets no one else assign anything", () => {
    expect(canAssignRole({ isOfficial: false, roles: ["business", "user"] }, "user")).toBe(false);
  });
});
