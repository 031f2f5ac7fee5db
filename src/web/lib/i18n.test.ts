import i18n from "i18next";
import { describe, expect, it } from "vitest";
import { initI18nWith } from "./i18n.js";

describe("messages in the browser", () => {
  it("write a count as the language's locale does (fr-CA's 1 000), take French's singular for 0 and set French typography", async () => {
    await initI18nWith("fr", {
      fr: { acts_one: "{{count, number}} geste", acts_other: "{{count, number}} gestes", hint: "Touchez le lien : c'est prêt !" },
      en: { acts_one: "{{count, number}} act", acts_other: "{{count, number}} acts", hint: "Tap the link: it's ready!" },
    });
    expect(i18n.t("acts", { count: 1000 } as never)).toBe("1\u00a0000 gestes");
    expect(i18n.t("acts", { count: 0 } as never)).toBe("0 geste");
    expect(i18n.t("hint" as never)).toBe("Touchez le lien\u00a0: c’est prêt!");
    await i18n.changeLanguage("en");
    expect(i18n.t("acts", { count: 1000 } as never)).toBe("1,000 acts");
    expect(i18n.t("acts", { count: 0 } as never)).toBe("0 acts");
    expect(i18n.t("hint" as never)).toBe("Tap the link: it's ready!");
  });
});
