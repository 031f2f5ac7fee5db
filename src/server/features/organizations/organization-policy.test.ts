import { describe, expect, it } from "vitest";
import { mayChangeOwners, mayDo } from "./organization-policy.js";

describe("organisation policy", () => {
  it("lets members view and operate, owners and admins manage, the official account do all", () => {
    const table = (["owner", "admin", "business", null] as const).map((role) => ({
      role,
      view: mayDo({ isOfficial: false, role }, "view"),
      operate: mayDo({ isOfficial: false, role }, "operate"),
      manage: mayDo({ isOfficial: false, role }, "manage"),
      owners: mayChangeOwners({ isOfficial: false, role }),
    }));
    expect(table).toEqual([
      { role: "owner", view: true, operate: true, manage: true, owners: true },
      { role: "admin", view: true, operate: true, manage: true, owners: false },
      { role: "business", view: true, operate: true, manage: false, owners: false },
      { role: null, view: false, operate: false, manage: false, owners: false },
    ]);
    expect(mayDo({ isOfficial: true, role: null }, "manage")).toBe(true);
    expect(mayChangeOwners({ isOfficial: true, role: null })).toBe(true);
  });
});
