import type { Kysely } from "kysely";
import type { Language } from "../../../shared/constants.js";
import { translate } from "../../../shared/i18n/translate.js";
import type { PublicAct, ShareFormat } from "../../../shared/schemas/share.js";
import type { DB } from "../../platform/db/schema.js";
import { AppError } from "../../kernel/app-error.js";
import { findPublicAct } from "./share-repository.js";
import { numberFormat } from "../../../shared/i18n/format.js";

/** The share image's drawing (satori, sharp, the QR), loaded with the first image asked for, not at the server's start. */
export const loadShareImage = () => import("./share-image.js");

/** An act as anyone may see it from its number (a shared link): see publicActSchema. */
export async function publicAct(db: Kysely<DB>, actNumber: number): Promise<PublicAct> {
  const row = await findPublicAct(db, actNumber);
  // Manual acts (recorded by the official account) have no card to share.
  if (!row || row.act_number === null || row.card_type === "manual") throw new AppError("not_found");
  const named = row.username !== null && row.show_on_leaderboards === true && row.deletion_requested_at === null;
  return {
    actNumber: Number(row.act_number),
    rarity: row.rarity,
    organizationName: row.organization_name,
    day: String(row.scan_day),
    cardType: row.card_type,
    username: named ? row.username : null,
  };
}

/** Images drawn recently, by act, format, language and name: a shared link is fetched by many previews at once. */
const drawn = new Map<string, Promise<Buffer>>();
// About 200 KB each: a few MB at most on a small server.
const KEPT_IMAGES = 40;

export async function shareImage(
  db: Kysely<DB>,
  appUrl: string,
  actNumber: number,
  format: ShareFormat,
  language: Language,
): Promise<Buffer> {
  const act = await publicAct(db, actNumber);
  const key = JSON.stringify([act, format, language]);
  let image = drawn.get(key);
  if (!image) {
    image = loadShareImage().then(({ renderShareImage }) => renderShareImage(act, format, language, appUrl));
    drawn.set(key, image);
    image.catch(() => drawn.delete(key));
    // The oldest goes first: a Map iterates in insertion order.
    if (drawn.size > KEPT_IMAGES) drawn.delete(drawn.keys().next().value!);
  }
  return image;
}

/** The title and description a shared link previews with (Open Graph, Twitter), in the page's language. */
export function shareText(act: PublicAct, language: Language): { title: string; description: string; imageAlt: string } {
  const number = numberFormat(language).format(act.actNumber);
  const rarity = translate(language, `rarity.${act.rarity}`);
  return {
    title: translate(language, "share.title", { number }),
    description: translate(language, "share.description", { rarity, organization: act.organizationName }),
    // What the preview image shows, for someone who cannot see it.
    imageAlt: translate(language, "share.imageAlt", { number, rarity, organization: act.organizationName }),
  };
}
