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

  it("keep a server feature out of another's internals: only its door is open", async () => {
    const deep = await refusals(
      "src/server/features/community/chat-service.ts",
      'import { findProfile } from "../users/users-repository.js";\nexport const x = findProfile;\n',
    );
    expect(deep).toEqual([expect.stringContaining("Server features meet through their door")]);
    const door = await refusals(
      "src/server/features/community/chat-service.ts",
      'import { findProfile } from "../users/index.js";\nexport const x = findProfile;\n',
    );
    expect(door).toEqual([]);
  });

  it("keep the app shell and the benchmark on the features' doors", async () => {
    for (const [filePath, specifier] of [
      ["src/server/app.ts", "./features/scan/scan-routes.js"],
      ["bench/write-path.ts", "../src/server/features/scan/scan-service.js"],
    ] as const) {
      const found = await refusals(filePath, `import { x } from "${specifier}";\nexport const y = x;\n`);
      expect(found).toEqual([expect.stringContaining("Server features meet through their door")]);
    }
  });

  it("keep repositories behind a feature's door", async () => {
    const found = await refusals("src/server/features/users/index.ts", 'export { findProfile } from "./users-repository.js";\n');
    expect(found).toEqual([expect.stringContaining("never its repositories")]);
  });

  it("keep a web feature out of another's internals", async () => {
    const found = await refusals(
      "src/web/features/admin/users-tab.tsx",
      'import { ProfilePage } from "../profile/profile-page.js";\nexport const x = ProfilePage;\n',
    );
    expect(found).toEqual([expect.stringContaining("does not import another feature's internals")]);
  });
});
