import type { Kysely } from "kysely";
import type { DemoLink, DemoWorkplace } from "../../../shared/schemas/system.js";
import type { FileStorage } from "../../platform/storage/file-storage.js";
import type { Config } from "../../config.js";
import type { DatabaseDriver } from "../../platform/db/client.js";
import type { DB } from "../../platform/db/schema.js";
import { keepFirstSetting, readSetting } from "../../platform/db/settings-repository.js";
import { seedDemoContests } from "../contests/index.js";
import { MOVEMENT_START_SETTING } from "../home/index.js";
import { addDays, newYorkDay } from "../../../shared/acts/new-york-time.js";
import { anyOrganization, scanPath, seedDemoOrganization, type DemoOrganization } from "../organizations/index.js";
import { anyAccount } from "../users/index.js";
import { DEFAULT_LANGUAGE, DEMO_LANGUAGE_OF_COUNTRY, LANGUAGES, type Language } from "../../../shared/i18n/languages.js";
import { translate } from "../../../shared/i18n/translate.js";
import { seedDemoWorkplace } from "../workplace/index.js";

const DEMO_LINKS_KEY = "demo_scan_links";
const DEMO_WORKPLACE_KEY = "demo_workplace";

/** What an organisation calls one of its two card series, in a language (`demo.seriesNames` in server.<language>.json). */
const seriesName = (language: Language, kind: "physical" | "portable") => translate(language, `demo.seriesNames.${kind}`);

/** Around the default map centre (New Jersey pine barrens, −74.5, 40) and in Montréal. */
/** Industries are among INDUSTRIES: shown through their message, never as stored. */
const ORGANIZATIONS: Omit<DemoOrganization, "series">[] = [
  {
    name: "Café Bienveillance",
    type: "company",
    industry: "food-beverage",
    country: "CA",
    places: [{ name: "Plateau", address: "4400 rue Saint-Denis, Montréal", lat: 45.5255, lon: -73.5822 }],
  },
  {
    name: "Pine Barrens Outfitters",
    type: "company",
    industry: "retail",
    country: "US",
    places: [{ name: "Main store", address: "12 Route 72, Woodland Township, NJ", lat: 40.0, lon: -74.5 }],
  },
  {
    name: "Boulangerie du Vieux-Port",
    type: "company",
    industry: "food-beverage",
    country: "CA",
    places: [{ name: "Vieux-Port", address: "200 rue de la Commune O, Montréal", lat: 45.5019, lon: -73.5563 }],
  },
  {
    name: "Ocean County Libraries",
    type: "government",
    industry: "education",
    country: "US",
    places: [
      { name: "Toms River branch", address: "101 Washington St, Toms River, NJ", lat: 39.9537, lon: -74.1979 },
      { name: "Lakewood branch", address: "301 Lexington Ave, Lakewood, NJ", lat: 40.0974, lon: -74.2176 },
    ],
  },
  {
    name: "Ville de Montréal — Grands parcs",
    type: "government",
    industry: "government-public",
    country: "CA",
    places: [{ name: "Parc du Mont-Royal", address: "1260 chemin Remembrance, Montréal", lat: 45.5048, lon: -73.5878 }],
  },
  {
    name: "Pinelands Food Bank",
    type: "non-profit",
    industry: "social-services",
    country: "US",
    places: [{ name: "Warehouse", address: "55 Pemberton Rd, Browns Mills, NJ", lat: 39.9726, lon: -74.5829 }],
  },
  {
    name: "Refuge Bon Voisin",
    type: "non-profit",
    industry: "social-services",
    country: "CA",
    places: [{ name: "Centre-Sud", address: "1700 rue Ontario E, Montréal", lat: 45.5235, lon: -73.5537 }],
  },
];

/**
 * Demo data for a newcomer's first run: organisations of each type with
 * locations and cards, and a running and an upcoming contest. Achievements
 * and kind messages are real reference data and come with the migrations.
 * The first organisation is also the demo employer of the workplace area.
 */
/** How many numbered cards the demo's portable series has (its printed link is card 1). */
const DEMO_PORTABLE_CARDS = 50;
/** The thank-you cards a demo organisation printed: no "0 cards" series on its dashboard. */
const DEMO_PHYSICAL_CARDS = 200;

/** The demo movement is a few weeks old: its home says "Day 40", not "Day 1" nor "Day 1,740". */
const DEMO_MOVEMENT_AGE_DAYS = 39;

export async function seedDemoData(db: Kysely<DB>, storage: FileStorage, now = new Date()): Promise<DemoLink[]> {
  await keepFirstSetting(db, MOVEMENT_START_SETTING, addDays(newYorkDay(now), -DEMO_MOVEMENT_AGE_DAYS));
  const links: DemoLink[] = [];
  // Each printed link belongs to a different organisation, so all three can be tried in one day
  // (cards count once per organisation); the virtual one stands at the default map centre.
  const linkOf: Record<number, DemoLink["type"]> = { 0: "physical", 1: "virtual", 2: "portable" };
  for (const [index, spec] of ORGANIZATIONS.entries()) {
    // In its own language (Montréal's speak French), and for readers of every language (an organisation may give them on its dashboard).
    const own = DEMO_LANGUAGE_OF_COUNTRY[spec.country] ?? DEFAULT_LANGUAGE;
    const names = { physical: seriesName(own, "physical"), portable: seriesName(own, "portable") };
    const translated = (kind: "physical" | "portable") =>
      Object.fromEntries(LANGUAGES.map((language) => [language, seriesName(language, kind)]));
    // Portable: a printed series of numbered cards, so a card's journey (and thanks to its last holder) can be tried.
    const org = await seedDemoOrganization(db, {
      ...spec,
      series: {
        physical: { name: names.physical, cards: DEMO_PHYSICAL_CARDS, translations: translated("physical") },
        portable: { name: names.portable, cards: DEMO_PORTABLE_CARDS, translations: translated("portable") },
      },
    });
    if (index === 0) {
      const workplace = await seedDemoWorkplace(db, storage, { id: org.id, name: spec.name }, now);
      await keepFirstSetting(db, DEMO_WORKPLACE_KEY, JSON.stringify(workplace));
    }
    const place = org.places[0]!;
    if (linkOf[index] === "virtual") {
      links.push({
        type: "virtual",
        path: scanPath({ org: org.orgCode, loc: place.qrToken, type: "virtual", name: `${spec.name} — ${place.name}` }),
        short: place.shortCode,
        near: { lat: place.lat, lon: place.lon, radiusMeters: place.scanRadiusMeters },
      });
    }
    for (const cardType of ["physical", "portable"] as const) {
      if (linkOf[index] !== cardType) continue;
      const series = org.series[cardType];
      const path = scanPath({ org: org.orgCode, loc: series.qrToken, type: cardType, name: spec.name });
      links.push({
        type: cardType,
        path: cardType === "portable" ? `${path}&card=1` : path,
        short: cardType === "portable" ? `${series.shortCode}-1` : series.shortCode,
      });
    }
  }

  await seedDemoContests(db, now);
  await keepFirstSetting(db, DEMO_LINKS_KEY, JSON.stringify(links));
  return links;
}

/**
 * Seeds once, on an empty database only: by default for the embedded
 * database outside production; DEMO_DATA=always asks for it anywhere.
 */
/** Whether a start should create the demo data: wanted here, and a brand-new database (nobody has signed up, no organization). */
export async function demoDataWanted(db: Kysely<DB>, config: Config, driver: DatabaseDriver): Promise<boolean> {
  const wanted =
    config.DEMO_DATA === "always" || (config.DEMO_DATA === "auto" && driver === "embedded" && config.NODE_ENV !== "production");
  return wanted && !(await anyAccount(db)) && !(await anyOrganization(db));
}

export async function seedDemoDataIfWanted(db: Kysely<DB>, storage: FileStorage, config: Config, driver: DatabaseDriver): Promise<boolean> {
  if (!(await demoDataWanted(db, config, driver))) return false;
  await seedDemoData(db, storage);
  return true;
}

export async function demoLinks(db: Kysely<DB>): Promise<DemoLink[]> {
  const value = await readSetting(db, DEMO_LINKS_KEY);
  return value ? (JSON.parse(value) as DemoLink[]) : [];
}

export async function demoWorkplace(db: Kysely<DB>): Promise<DemoWorkplace | null> {
  const value = await readSetting(db, DEMO_WORKPLACE_KEY);
  return value ? (JSON.parse(value) as DemoWorkplace) : null;
}
