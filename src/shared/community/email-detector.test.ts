import { describe, expect, it } from "vitest";
import { containsEmailAddress } from "./email-detector.js";

describe("containsEmailAddress", () => {
  it.each([
    "write to marie.tremblay@example.com",
    "MARIE@EXAMPLE.CA please",
    "name [at] domain [dot] com",
    "name(at)domain(dot)com",
    "name {at} domain {dot} co {dot} uk",
    "name at domain dot com",
    "nom arobase domaine point ca",
    "name @ domain . com",
    "name [@] domain [.] org",
    "name＠domain．com",
    "na\u200Bme@dom\u200Bain.com",
    "first_last+kindly@mail.example.org",
    "Contact: jo@sub-domain.example.net.",
  ])("finds an address in %j", (message) => {
    expect(containsEmailAddress(message)).toBe(true);
  });

  it.each([
    "thanks @sophie for the coffee!",
    "@marc @julie see you tomorrow",
    "It cost $5.99 at the market",
    "Meet me at 10:30 at the park.",
    "I was at home. Com'on, it was fun",
    "Look at this: kindly.app is great",
    "Look at kindly.app, it is great",
    "We met at the library and shared a laugh",
    "Le café coûte 3,50 $ au dépanneur",
    "Rendez-vous à 14 h 30 au parc",
    "score 4.5 out of 5",
    "",
  ])("finds no address in %j", (message) => {
    expect(containsEmailAddress(message)).toBe(false);
  });
});
