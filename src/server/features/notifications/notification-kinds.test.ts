import { describe, expect, it } from "vitest";
import { LANGUAGES } from "../../../shared/i18n/languages.js";
import { lookup, MESSAGE_FILES } from "../../../shared/i18n/translate.js";
import { notificationKind } from "../../../shared/schemas/notifications.js";
import { DECLARED_NOTIFICATION_KINDS } from "../../test/declared.js";
import { notificationKinds } from "../../platform/notify/notification-kinds.js";

describe("the notification kinds the features declare", () => {
  it("are named once each, and each has its label and hint on the settings page in every language", () => {
    const kinds = notificationKinds(DECLARED_NOTIFICATION_KINDS);
    expect(kinds.list.length).toBeGreaterThan(0);
    const missing = LANGUAGES.flatMap((language) =>
      kinds.list.flatMap((kind) =>
        ["label", "hint"]
          .map((part) => `profile.notifications.kinds.${kind.name}.${part}`)
          .filter((key) => lookup(MESSAGE_FILES[language].app, key) === undefined)
          .map((key) => `${language} ${key}`),
      ),
    );
    expect(missing).toEqual([]);
  });

  it("refuse a kind declared twice, and a choice of a kind nobody declared", () => {
    const thanks = notificationKind("thanks", { push: true, email: false });
    expect(() => notificationKinds([thanks, thanks])).toThrow(/thanks/);
    const kinds = notificationKinds([thanks]);
    expect(() => kinds.check("lottery")).toThrow(expect.objectContaining({ code: "invalid_input" }));
    expect(kinds.defaults()).toEqual({ thanks: { push: true, email: false } });
  });
});
