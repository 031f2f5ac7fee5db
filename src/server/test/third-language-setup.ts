import { LANGUAGE_DETAILS, LANGUAGES } from "../../shared/i18n/languages.js";
import { givePseudoLanguage } from "./pseudo-language.js";

/*
 * A third language added at runtime (issue 63 §5), before the test file
 * imports anything that reads the language list (every schema keyed by
 * language, the app): the pseudo-locale joins the registry as a language
 * like the others, known only by its messages. What the app then answers,
 * mails and prints in it shows that no code needed to know it.
 */
const language = givePseudoLanguage();
(LANGUAGE_DETAILS as Record<string, (typeof LANGUAGE_DETAILS)[keyof typeof LANGUAGE_DETAILS]>)[language] = {
  locale: "en-CA",
  nativeName: "Pseudo",
  switchTo: "Switch to the pseudo-locale",
} as never;
(LANGUAGES as string[]).push(language);
