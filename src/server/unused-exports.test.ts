import { describe, expect, it } from "vitest";
import { unusedExports } from "./test/unused-exports.js";

/*
 * An export nobody calls is code the next engineer reads, keeps in step and
 * fears to delete (issue 63 §7). Delete it, or use it where it was meant to be.
 */
describe("exports", () => {
  it("every exported value of the repository is used somewhere", () => {
    expect(unusedExports()).toEqual([]);
  });
});
