/** @vitest-environment happy-dom */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { forgetTap, rememberTap, UNSEEN_CARDS_EVENT, unseenCards } from "./unseen-cards.js";

const request = { org: "org-1", loc: "loc-1", type: "physical" as const };
const tap = (key: string, userId = "alice") => ({ key, userId, request, place: "Boulangerie du Vieux-Port" });

describe("cards left before they turned over (issue 60 §1)", () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.useRealTimers());

  it("wait from the tap until they are seen, oldest first, each once", () => {
    rememberTap(tap("k1"));
    rememberTap(tap("k2"));
    rememberTap(tap("k1"));
    expect(unseenCards("alice").map((card) => card.key)).toEqual(["k2", "k1"]);
    forgetTap("k2");
    expect(unseenCards("alice").map((card) => card.key)).toEqual(["k1"]);
    forgetTap("k1");
    expect(unseenCards("alice")).toEqual([]);
    expect(localStorage.getItem("kindly.unseenCards")).toBeNull();
  });

  it("are shown only to the person who tapped: someone else signed in on the phone sees none", () => {
    rememberTap(tap("k1", "alice"));
    expect(unseenCards("bob")).toEqual([]);
    expect(unseenCards("alice")).toHaveLength(1);
  });

  it("stop waiting before the server forgets the tap's key (a day), and keep five at most", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-12-04T23:50:00-05:00"));
    rememberTap(tap("late"));
    vi.setSystemTime(new Date("2026-12-05T22:49:00-05:00"));
    expect(unseenCards("alice").map((card) => card.key)).toEqual(["late"]);
    vi.setSystemTime(new Date("2026-12-05T22:51:00-05:00"));
    expect(unseenCards("alice")).toEqual([]);
    for (const key of ["a", "b", "c", "d", "e", "f"]) rememberTap(tap(key));
    expect(unseenCards("alice").map((card) => card.key)).toEqual(["b", "c", "d", "e", "f"]);
  });

  it("ignore what is not theirs to read, and tell this tab of each change", () => {
    localStorage.setItem("kindly.unseenCards", '[{"key":1},"x",null]');
    expect(unseenCards("alice")).toEqual([]);
    localStorage.setItem("kindly.unseenCards", "{not json");
    expect(unseenCards("alice")).toEqual([]);
    const heard = vi.fn();
    window.addEventListener(UNSEEN_CARDS_EVENT, heard);
    rememberTap(tap("k1"));
    forgetTap("k1");
    forgetTap("k1");
    window.removeEventListener(UNSEEN_CARDS_EVENT, heard);
    expect(heard).toHaveBeenCalledTimes(2);
  });
});
