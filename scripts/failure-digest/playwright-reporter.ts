import type { Reporter, TestCase, TestResult } from "@playwright/test/reporter";
import { recordFailure } from "./digest.js";

/** The browser journeys' failures for the digest (digest.ts): a journey that failed on its last try. */
export default class FailureDigestReporter implements Reporter {
  onTestEnd(test: TestCase, result: TestResult): void {
    const failed = result.status === "failed" || result.status === "timedOut" || result.status === "interrupted";
    if (!failed || result.retry < test.retries) return;
    const where = `${test.location.file.replace(`${process.cwd()}/`, "")}:${test.location.line}`;
    recordFailure(where, test.titlePath().slice(3).join(" › "), result.errors[0]?.message ?? result.error?.message);
  }

  printsToStdio(): boolean {
    return false;
  }
}
