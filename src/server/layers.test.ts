import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/**
 * The layers are a lint rule (eslint/walls.js, in eslint.config.js): these
 * lines, linted as if they were in the named file, show what `npm run lint`
 * refuses — however the path is spelt and however the module is loaded.
 */
async function refusals(filePath: string, code: string): Promise<string[]> {
  const [result] = await new ESLint().lintText(code, { filePath });
  return result!.messages.filter((message) => message.ruleId === "kindly/walls").map((message) => message.message);
}

describe("the server's layers", () => {
  it("keep platform code from importing a product feature", async () => {
    const found = await refusals(
      "src/server/platform/mail/mailer.ts",
      'import { isOfficialEmail } from "../../features/users/users-repository.js";\nexport const x = isOfficialEmail;\n',
    );
    expect(found).toEqual([expect.stringContaining("Platform code knows no product feature")]);
  });

  it("keep the server's layers going down: kernel knows nothing above it, platform no http/, http/ no feature (issue 45 §3)", async () => {
    expect(
      await refusals("src/server/kernel/app-error.ts", 'import type { Config } from "../config.js";\nexport type X = Config;\n'),
    ).toEqual([expect.stringContaining("The kernel is the ground")]);
    expect(
      await refusals(
        "src/server/platform/live/live-routes.ts",
        'import type { HttpDeps } from "../../http/deps.js";\nexport type X = HttpDeps;\n',
      ),
    ).toEqual([expect.stringContaining("Platform code stands below http/")]);
    expect(
      await refusals(
        "src/server/http/deps.ts",
        'import type { Notifier } from "../features/notifications/index.js";\nexport type X = Notifier;\n',
      ),
    ).toEqual([expect.stringContaining("http/ knows no product feature")]);
    expect(
      await refusals(
        "src/server/http/access.ts",
        'import type { SessionLookup } from "../kernel/session-lookup.js";\nexport type X = SessionLookup;\n',
      ),
    ).toEqual([]);
  });

  it("let a migration install the SQL a feature owns (its sql/ folder), and nothing else of a feature", async () => {
    const migration = "src/server/platform/db/migrations/2027-01-06-0053-active-days.ts";
    expect(
      await refusals(
        migration,
        'import { RECORD_ACTS } from "../../../features/scan/sql/record-acts.js";\nexport const x = RECORD_ACTS;\n',
      ),
    ).toEqual([]);
    expect(
      await refusals(migration, 'import { recordScan } from "../../../features/scan/scan-service.js";\nexport const x = recordScan;\n'),
    ).toEqual([expect.stringContaining("Platform code knows no product feature")]);
    expect(
      await refusals(
        "src/server/platform/mail/mailer.ts",
        'import { RECORD_ACTS } from "../../features/scan/sql/record-acts.js";\nexport const x = RECORD_ACTS;\n',
      ),
    ).toEqual([expect.stringContaining("Platform code knows no product feature")]);
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

  it("open a feature's read models to every feature, and keep them a leaf (issue 45 §1)", async () => {
    const read = await refusals(
      "src/server/features/community/chat-repository.ts",
      'import { people } from "../users/read-models.js";\nexport const x = people;\n',
    );
    expect(read).toEqual([]);
    const climbing = await refusals(
      "src/server/features/users/read-models.ts",
      'import { organizationRoutes } from "../organizations/index.js";\nexport const x = organizationRoutes;\n',
    );
    expect(climbing).toEqual([expect.stringContaining("read-models.ts is a leaf")]);
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

  it("keep a service from handing out a repository's functions, and fixtures to tests and the benchmark", async () => {
    const reexport = await refusals("src/server/features/users/users-service.ts", 'export { findProfile } from "./users-repository.js";\n');
    expect(reexport).toEqual([expect.stringContaining("never its repositories")]);
    const product = await refusals(
      "src/server/features/demo/demo-seed.ts",
      'import { insertOrganization } from "../organizations/fixtures.js";\nexport const x = insertOrganization;\n',
    );
    expect(product).toEqual([expect.stringContaining("for tests and the benchmark only")]);
    for (const filePath of ["src/server/test/factories.ts", "bench/cpu-path.ts", "src/server/features/scan/scans.api.test.ts"]) {
      const specifier = filePath.startsWith("bench/")
        ? "../src/server/features/organizations/fixtures.js"
        : filePath.startsWith("src/server/test/")
          ? "../features/organizations/fixtures.js"
          : "../organizations/fixtures.js";
      expect(
        await refusals(filePath, `import { insertOrganization } from "${specifier}";\nexport const x = insertOrganization;\n`),
      ).toEqual([]);
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

  it("hold however the wall is approached: from a door, by a path through features/, by import(), by re-export, from security/ (issue 45)", async () => {
    const DOOR = "Server features meet through their door";
    const planted: [string, string][] = [
      // A deep import written in a feature's own index.ts.
      ["src/server/features/community/index.ts", 'export { findProfile } from "../users/users-repository.js";\n'],
      // A path that climbs out of features/ and back in.
      [
        "src/server/features/community/chat-service.ts",
        'import { findProfile } from "../../features/users/users-repository.js";\nexport const x = findProfile;\n',
      ],
      // A dynamic import.
      ["src/server/features/community/chat-service.ts", 'export const load = () => import("../users/users-repository.js");\n'],
      // From a test helper, the app, a security script, an e2e spec.
      ["src/server/test/factories.ts", 'export const load = () => import("../features/auth/official-account.js");\n'],
      [
        "security/callers.ts",
        'import { makeOfficial } from "../src/server/features/users/users-repository.js";\nexport const x = makeOfficial;\n',
      ],
      ["e2e/support/fixtures.ts", 'import { x } from "../../src/server/features/scan/scan-service.js";\nexport const y = x;\n'],
    ];
    for (const [filePath, code] of planted) {
      expect({ filePath, code, found: await refusals(filePath, code) }).toEqual({ filePath, code, found: [expect.stringContaining(DOOR)] });
    }
    // The door itself stays open, by any of those ways.
    expect(
      await refusals("src/server/features/community/chat-service.ts", 'export const load = () => import("../users/index.js");\n'),
    ).toEqual([]);
  });

  it("keep the browser's layers by where an import lands: a dynamic import of another web feature, lib/ reaching a feature", async () => {
    expect(
      await refusals(
        "src/web/features/admin/users-tab.tsx",
        'export const load = () => import("../../features/profile/profile-page.js");\n',
      ),
    ).toEqual([expect.stringContaining("does not import another feature's internals")]);
    expect(await refusals("src/web/lib/api.ts", 'import { x } from "../features/profile/profile-page.js";\nexport const y = x;\n')).toEqual(
      [expect.stringContaining("know no feature")],
    );
    expect(await refusals("src/web/lib/api.ts", 'import { x } from "../../server/app.js";\nexport const y = x;\n')).toEqual([
      expect.stringContaining("never imports server code"),
    ]);
  });
});
