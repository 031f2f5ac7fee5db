import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import type { Rarity } from "../../../shared/acts/rarity.js";
import { RARITY_DRAW_RANGE, RARITY_SHARES } from "../../../shared/acts/rarity.js";
import type { Language } from "../../../shared/constants.js";
import type { PublicAct, ShareFormat } from "../../../shared/schemas/share.js";
import { translate } from "../../../shared/i18n/translate.js";
import { qrPath } from "../../platform/pdf/pdf-qr.js";
import { dateFormat, numberFormat } from "../../../shared/i18n/format.js";

// An act's share image (issue 26 §3), drawn on the server: satori lays out
// the card as SVG with embedded fonts (Noto Sans, Latin and its extension, so
// French accents render; text becomes paths), and sharp (librsvg, already
// here for photos) turns it into a PNG: measured faster than resvg's own PNG
// encoder for these sizes. The card's metals are
// the app's own (act-card.css), the brand mark its icon.

const SIZES: Record<ShareFormat, { width: number; height: number }> = {
  story: { width: 1080, height: 1920 },
  preview: { width: 1200, height: 630 },
};

/** The card back's metal, as act-card.css paints it (satori draws linear gradients). */
const METALS: Record<Rarity, { background: string; text: string; badge: string; badgeText: string }> = {
  bronze: {
    background: "linear-gradient(150deg, #7c2d12, #9a3412 40%, #b45309 70%, #78350f)",
    text: "#ffffff",
    badge: "#fff7ed",
    badgeText: "#7c2d12",
  },
  silver: {
    background: "linear-gradient(150deg, #94a3b8, #e2e8f0 35%, #f8fafc 50%, #cbd5e1 70%, #94a3b8)",
    text: "#0f172a",
    badge: "#0f172a",
    badgeText: "#ffffff",
  },
  gold: {
    background: "linear-gradient(150deg, #eab308, #facc15 30%, #fef08a 50%, #eab308 70%, #ca8a04)",
    text: "#422006",
    badge: "#422006",
    badgeText: "#fef08a",
  },
  platinum: {
    background: "linear-gradient(150deg, #1e1b4b, #3730a3 40%, #155e75 75%, #312e81)",
    text: "#ffffff",
    badge: "#ffffff",
    badgeText: "#312e81",
  },
};

const BRAND_MARK =
  "data:image/svg+xml;base64," +
  Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#e11d48"/><path d="M32 50s-16-9.6-16-21a9 9 0 0 1 16-5.7A9 9 0 0 1 48 29c0 11.4-16 21-16 21z" fill="#fff"/></svg>',
  ).toString("base64");

type Node = { type: string; props: { style?: Record<string, unknown>; children?: unknown; src?: string; width?: number; height?: number } };
const h = (type: string, style: Record<string, unknown>, ...children: unknown[]): Node => ({
  type,
  // Sizes include padding and border, as in the app's CSS (satori's default is content-box).
  props: { style: { display: "flex", boxSizing: "border-box", ...style }, children: children.length === 1 ? children[0] : children },
});

let fonts: Promise<{ name: string; data: Buffer; weight: 400 | 800; style: "normal" }[]> | null = null;
const require = createRequire(import.meta.url);
/** Read once, on the first image: the fonts are the only files this needs. */
function loadFonts() {
  fonts ??= Promise.all(
    (["latin", "latin-ext"] as const).flatMap((subset) =>
      ([400, 800] as const).map(async (weight) => ({
        name: "Noto Sans",
        weight,
        style: "normal" as const,
        data: await readFile(require.resolve(`@fontsource/noto-sans/files/noto-sans-${subset}-${weight}-normal.woff`)),
      })),
    ),
  );
  return fonts;
}

/**
 * Text that wraps only between its words, never inside one: "Vieux-Port" stays
 * whole (satori, like a browser, would break after a hyphen). Each word is a
 * box of its own in a wrapping row; a space's width apart.
 */
function words(text: string, style: Record<string, unknown>, align: "center" | "flex-start"): Node {
  const fontSize = Number(style.fontSize);
  return h(
    "div",
    { ...style, flexWrap: "wrap", justifyContent: align, columnGap: Math.round(fontSize * 0.28) },
    ...text
      .split(/\s+/)
      .filter(Boolean)
      .map((word) => h("div", { whiteSpace: "nowrap" }, word)),
  );
}

/** The act's page as a QR code (the printed codes' path, `qrPath`), black on white with its quiet zone, as SVG. */
function qrImage(link: string, size: number): Node {
  const { path, side } = qrPath(link);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${side} ${side}" shape-rendering="crispEdges"><rect width="${side}" height="${side}" fill="#fff"/><path d="${path}" fill="#000"/></svg>`;
  return { type: "img", props: { src: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`, width: size, height: size } };
}

function card(act: PublicAct, format: ShareFormat, language: Language, appUrl: string): Node {
  const t = (key: string, vars?: Record<string, string | number>) => translate(language, key, vars);
  const metal = METALS[act.rarity];
  const number = numberFormat(language).format(act.actNumber);
  // "#42" in English, "nº 42" in French: the act number as each language writes it.
  const written = t("common.actNumber", { number });
  const share = numberFormat(language, { style: "percent" }).format(RARITY_SHARES[act.rarity] / RARITY_DRAW_RANGE);
  const day = dateFormat(language, { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${act.day}T12:00:00Z`));
  const story = format === "story";
  const scale = story ? 1 : 0.62;
  const cardBox = h(
    "div",
    {
      flexDirection: "column",
      alignItems: "center",
      justifyContent: "space-between",
      width: story ? 760 : 430,
      height: story ? 1000 : 560,
      flexShrink: 0,
      padding: 48 * scale,
      borderRadius: 48 * scale,
      backgroundImage: metal.background,
      color: metal.text,
      // A light rim lifts the card off the background (a blurred shadow would cost a hundred times more to draw).
      border: `${Math.round(8 * scale)}px solid rgba(255,255,255,0.45)`,
    },
    h(
      "div",
      {
        padding: `${12 * scale}px ${32 * scale}px`,
        borderRadius: 999,
        background: metal.badge,
        color: metal.badgeText,
        fontSize: 40 * scale,
        fontWeight: 800,
      },
      t(`rarity.${act.rarity}`),
    ),
    h(
      "div",
      { flexDirection: "column", alignItems: "center" },
      h("div", { fontSize: 36 * scale, fontWeight: 800, letterSpacing: 4, textTransform: "uppercase", opacity: 0.9 }, t("share.actNumber")),
      // Long numbers shrink to stay on the card (eight characters fit at full size).
      h("div", { fontSize: 150 * scale * Math.min(1, 8 / written.length), fontWeight: 800 }, written),
    ),
    h(
      "div",
      { flexDirection: "column", alignItems: "center", textAlign: "center" },
      words(act.organizationName, { fontSize: 48 * scale, fontWeight: 800, maxWidth: story ? 660 : 360 }, "center"),
      h("div", { fontSize: 32 * scale, marginTop: 12 * scale, opacity: 0.9 }, day),
      h(
        "div",
        { fontSize: 28 * scale, marginTop: 12 * scale, opacity: 0.9 },
        act.rarity === "bronze" ? t("share.bronzeShare", { share }) : t("share.rareShare", { share }),
      ),
    ),
  );
  const brand = h(
    "div",
    { alignItems: "center", gap: 20 * scale },
    { type: "img", props: { src: BRAND_MARK, width: 88 * scale, height: 88 * scale } },
    h("div", { fontSize: 64 * scale, fontWeight: 800, color: "#ffffff" }, "Kindly"),
  );
  const align = story ? "center" : "flex-start";
  const byline = act.username ? t("share.by", { username: act.username }) : t("share.anonymous");
  const caption = h(
    "div",
    { flexDirection: "column", alignItems: align, textAlign: story ? "center" : "left", color: "#ffffff" },
    // The preview's words are larger than the story's scale gives: they share the left half with the brand and the QR only.
    words(t("share.headline"), { fontSize: story ? 52 : 44, fontWeight: 800, maxWidth: story ? 900 : 580 }, align),
    words(byline, { fontSize: story ? 34 : 26, marginTop: 16 * scale, opacity: 0.95, maxWidth: story ? 900 : 580 }, align),
  );
  // Whoever sees the image can find the act: its page's QR and its address, short enough to type.
  const link = `${appUrl}/acts/${act.actNumber}`;
  const address = `${new URL(appUrl).host}/acts/${act.actNumber}`;
  const findIt = h(
    "div",
    { alignItems: "center", gap: 28 * scale, color: "#ffffff" },
    h("div", { borderRadius: 16 * scale, overflow: "hidden" }, qrImage(link, story ? 220 : 150)),
    h(
      "div",
      { flexDirection: "column" },
      h("div", { fontSize: 30 * scale, opacity: 0.95 }, t("share.scanToSee")),
      h("div", { fontSize: 40 * scale, fontWeight: 800 }, address),
    ),
  );
  const background = "linear-gradient(160deg, #be123c, #e11d48 45%, #ec4899)";
  return story
    ? h(
        "div",
        {
          width: "100%",
          height: "100%",
          flexDirection: "column",
          alignItems: "center",
          justifyContent: "space-between",
          padding: "90px 80px",
          backgroundImage: background,
          fontFamily: "Noto Sans",
        },
        brand,
        cardBox,
        caption,
        findIt,
      )
    : h(
        "div",
        {
          width: "100%",
          height: "100%",
          alignItems: "center",
          justifyContent: "space-between",
          padding: "36px 72px",
          backgroundImage: background,
          fontFamily: "Noto Sans",
        },
        // Brand, words and the way to the act fill the left; the card stands on the right.
        h(
          "div",
          { flexDirection: "column", justifyContent: "space-between", height: "100%", maxWidth: 600, padding: "8px 0" },
          brand,
          caption,
          findIt,
        ),
        cardBox,
      );
}

/** The act's share image as PNG: a 1080×1920 story or a 1200×630 link preview. */
export async function renderShareImage(act: PublicAct, format: ShareFormat, language: Language, appUrl: string): Promise<Buffer> {
  // Loaded with the first image, never at start-up: most processes never draw one.
  const [{ default: satori }, { default: sharp }] = await Promise.all([import("satori"), import("sharp")]);
  const size = SIZES[format];
  const svg = await satori(card(act, format, language, appUrl) as never, { ...size, fonts: await loadFonts() });
  return sharp(Buffer.from(svg)).png({ compressionLevel: 6 }).toBuffer();
}
