/** @vitest-environment happy-dom */
import { renderHook } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import en from "../../shared/i18n/messages/en/app.json" with { type: "json" };
import fr from "../../shared/i18n/messages/fr/app.json" with { type: "json" };
import { changeLanguage, initI18nWith } from "./i18n.js";
import { useFieldError } from "./use-field-error.js";

describe("field errors", () => {
  beforeAll(() => initI18nWith("en", { en, fr }));

  it("turn a message key into words in the current language", async () => {
    await changeLanguage("en");
    const english = renderHook(() => useFieldError()).result.current;
    expect(english({ message: "validation.usernameNotAvailable" })).toBe(en.validation.usernameNotAvailable);
    // The server's words for a field it named are shown as sent, never looked up.
    expect(english({ type: "server", message: "validation.tooLong: no lookup" })).toBe("validation.tooLong: no lookup");
    expect(english(undefined)).toBeUndefined();
    expect(english({ message: "" })).toBeUndefined();
    await changeLanguage("fr");
    const french = renderHook(() => useFieldError()).result.current;
    expect(french({ message: "validation.usernameNotAvailable" })).toBe(fr.validation.usernameNotAvailable);
  });
});
