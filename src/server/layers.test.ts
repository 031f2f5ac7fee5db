import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/**
 * The layers are a lint rule (eslint.config.js): these lines, linted as if
 * they were in the named file, show what `npm run lint` refuses.
 */
async function refusals(filePath: string, code: string): Promise<string[]> {
  const [result] = await new ESLint().lintText(code, { filePath });
  return result!.messages.filter((message) => message.ruleId === "no-restricted-imports").map((message) => message.message);
}

describe("the server's layers", () => {
  it("keep platform code from importing a product feature", async () => {
    const found = await refusals(
      "src/server/platform/mail/mailer.ts",
      'import { isOfficialEmail } from "../../features/users/users-repository.js";\nexport const x = isOfficialEmail;\n',
    );
    expect(found).toEqual([expect.stringContaining("Platform code knows no product feature")]);
  });

  it("let features use the platform", async () => {
    const found = await refusals(
      "src/server/features/community/chat-service.ts",
      'import { createMailer } from "../../platform/mail/mailer.js";\nexport const x = createMailer;\n',
    );
    expect(found).toEqual([]);
  });

  it("keep a web feature out of another's internals", async () => {
    const found = await refusals(
      "src/web/features/admin/users-tab.tsx",
      'import { ProfilePage } from "../profile/profile-page.js";\nexport const x = ProfilePage;\n',
    );
    expect(found).toEqual([expect.stringContaining("does not import another feature's internals")]);
  });
});
