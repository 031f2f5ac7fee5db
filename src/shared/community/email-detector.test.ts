import { describe, expect, it } from "vitest";
import { containsEmailAddress } from "./email-detector.js";

describe("containsEmailAddress", () => {
  it.each([
    // Written plainly.
    "write to marie.tremblay@example.com",
    "MARIE@EXAMPLE.CA please",
    "first_last+kindly@mail.example.org",
    "Contact: jo@sub-domain.example.net.",
    // Spelled out, with brackets.
    "name [at] domain [dot] com",
    "name(at)domain(dot)com",
    "name {at} domain {dot} co {dot} uk",
    "name at domain dot com",
    "nom arobase domaine point ca",
    "name @ domain . com",
    "name [@] domain [.] org",
    'marie "at" gmail "dot" com',
    // Full-width signs and zero-width spaces.
    "name＠domain．com",
    "na\u200Bme@dom\u200Bain.com",
    // "at" followed by a real dot.
    "marie at gmail.com",
    "write me: marie.dupont at example.com",
    "jo42 at videotron.ca",
    "Marie at example.ca if you want",
    // French words for the sign.
    "marie arobas gmail point com",
    "marie a commercial gmail point com",
    "marie à commercial gmail.com",
    "marie chez videotron point ca",
    "ecris-moi : marie chez videotron.ca",
    "marie (arobase) hotmail (point) fr",
    // Underscores in place of at and dot.
    "marie_at_gmail_dot_com",
    "marie_arobase_hotmail_point_fr",
    // Letters spaced out.
    "m a r i e @ g m a i l . c o m",
    "j o @ e x a m p l e . c a",
    // HTML entities and percent-encoding.
    "marie&#64;gmail&#46;com",
    "marie&#x40;gmail.com",
    "marie&commat;gmail&period;com",
    "marie%40gmail.com",
    "marie%40gmail%2Ecom",
    // Look-alike letters from other scripts (Cyrillic а, о, е; Greek ο).
    "mаrie@gmаil.cоm",
    "mаriе аt gmаil dоt cоm",
    "jο@exampleο.com",
    // No top-level domain.
    "my gmail is marie.dupont42",
    "mon courriel c'est marie.dupont42",
    "email: marie_dupont",
    "marie.dupont42@gmail",
    "add me marie42 on gmail",
    "marie at hotmail",
    // A comma for the dot.
    "marie@gmail,com",
    "write marie @ gmail , com",
    // A bracketed "a" or at-word with no spaces (issue 46 §5).
    "marie(a)gmail.com",
    "marie[a]gmail.com",
    "marie{at}gmail.com",
    "marie (a) videotron (point) ca",
    "write to marie.dupont[a]example.ca",
    // Bidirectional controls: an override that shows "marie@gmail.com", isolates and marks around the "@".
    "\u202Emoc.liamg@eiram\u202C",
    "contact \u202Emoc.liamg@eiram",
    "marie\u2066@\u2069gmail.com",
    "marie\u2067@\u2069gmail\u200F.com",
    "marie\u202B@\u202Cgmail.com",
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
    "look at kindly.app",
    "We met at the library and shared a laugh",
    "Le café coûte 3,50 $ au dépanneur",
    "Rendez-vous à 14 h 30 au parc",
    "On se voit à 5 h",
    "score 4.5 out of 5",
    "I'm on gmail and outlook, like everyone",
    "My gmail is full of kind notes",
    "Je suis chez Marie, point de vue magnifique",
    "souper chez Julie point final",
    "Merci @julie! À 18 h chez nous.",
    "Prix : 4,99 $ et 12,50 $",
    "Meet at the café.com sign at 5 p.m.",
    "She smiled at me. Com-munity matters!",
    "a b c, easy as 1 2 3",
    "Visit kindly.app/map to find places",
    "Coffee at 8.30 tomorrow?",
    "I saw a commercial at the cinema",
    "100% kindness & 0% spam",
    // A bracketed "a" that is not an address, and text with right-to-left marks.
    "Option (a) or (b), both kind",
    "Merci (a) tous! [a] venir",
    "\u202Emerci beaucoup\u202C",
    "שלום @dana, תודה",
    "",
  ])("finds no address in %j", (message) => {
    expect(containsEmailAddress(message)).toBe(false);
  });
});
