import { describe, expect, it } from "vitest";
import { isReservedUsername } from "./account-fields.js";
import { confusableSkeleton, looksOfficial } from "./reserved-names.js";
import { teamNameSchema } from "./teams.js";

describe("names that pass for the official account, to the eye (UTS #39 skeletons, issue 58 §7)", () => {
  it("catches the official name in other scripts, forms and spellings", () => {
    for (const name of [
      "Kindly Team",
      "Кindly Team",
      "KINDLY",
      "ＫＩＮＤＬＹ",
      "K1ndly",
      "KlNDLY",
      "Kíndly",
      "Kin\u200Bdly",
      "kındly crew",
      "Κindly",
    ]) {
      expect([name, looksOfficial(name)]).toEqual([name, true]);
    }
    expect(confusableSkeleton("Кindly")).toBe(confusableSkeleton("kindly"));
  });

  it("leaves other names alone", () => {
    for (const name of ["Kind people", "Les Marcheurs", "Bienveillance", "Kinda lovely", "Amélie"]) {
      expect([name, looksOfficial(name)]).toEqual([name, false]);
    }
  });

  it("refuses them as new usernames and team names, in the schemas the browser and the server share", () => {
    expect(isReservedUsername("K1ndlyHelper")).toBe(true);
    expect(teamNameSchema.safeParse("Кindly Team").success).toBe(false);
    expect(teamNameSchema.safeParse("Kind Team").success).toBe(true);
  });
});
