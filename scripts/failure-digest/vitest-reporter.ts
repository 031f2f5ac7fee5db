import type { Reporter, TestCase, TestModule } from "vitest/node";
import { recordFailure } from "./digest.js";

/** Vitest's failures for the digest (digest.ts): failed tests, and files that failed outside any test. */
export default class FailureDigestReporter implements Reporter {
  onTestCaseResult(testCase: TestCase): void {
    const result = testCase.result();
    if (result.state !== "failed") return;
    recordFailure(testCase.module.moduleId.replace(`${process.cwd()}/`, ""), testCase.fullName, result.errors?.[0]?.message);
  }

  onTestModuleEnd(testModule: TestModule): void {
    for (const error of testModule.errors()) {
      recordFailure(testModule.moduleId.replace(`${process.cwd()}/`, ""), "(the file itself)", error.message);
    }
  }
}
