import { remove as removeConfusables } from "confusables";

/*
 * Names that could pass for the official account ("Kindly…", whose
 * pseudonyms read "Kindly #…"), compared as a reader's eye would (issue 58
 * §7): by their confusable skeleton in the sense of Unicode's UTS #39, so
 * "Кindly" (Cyrillic К), "K1ndly", "ＫＩＮＤＬＹ" or "Kíndly" are the
 * official name too. The skeleton: compatibility forms folded (NFKC),
 * invisible format characters and accents dropped, each confusable letter
 * replaced by its Latin prototype (the `confusables` data), then case folded,
 * with I, l, 1 and | — one class in UTS #39's own table — merged.
 */

const OFFICIAL_NAME = "kindly";

/** What a name looks like, whatever script or form its letters come from. */
export function confusableSkeleton(text: string): string {
  const plain = text
    .normalize("NFKC")
    .replace(/\p{Cf}/gu, "")
    .normalize("NFD")
    .replace(/\p{M}/gu, "");
  return removeConfusables(plain)
    .toLowerCase()
    .replace(/[1|iıǀ]/g, "l");
}

const OFFICIAL_SKELETON = confusableSkeleton(OFFICIAL_NAME);

/** Whether a name starts like the official account's to the eye. */
export const looksOfficial = (name: string): boolean => confusableSkeleton(name.trim()).startsWith(OFFICIAL_SKELETON);
