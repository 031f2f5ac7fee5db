import { SURVEY_CATEGORIES, SURVEY_QUESTIONS, type SurveyCategory } from "../../shared/workplace/climate-survey.js";
import { addMember, buildEmployees, buildUsers } from "./factories.js";
import { TestClient } from "./http-client.js";
import type { TestServer } from "./test-server.js";

/** Answers (positions 1–5) that score `score` in every question of each category given, 4 elsewhere. */
export function answersScoring(scores: Partial<Record<SurveyCategory, number>>): number[] {
  return SURVEY_QUESTIONS.map((q) => {
    const score = scores[q.category] ?? 4;
    return q.reverse ? 6 - score : score;
  });
}

/** An employer with an owner (signed in) and `employees` employees holding access. */
export async function buildEmployer(server: TestServer, employees: number) {
  const built = await buildEmployees(server, employees);
  const [owner] = await buildUsers(server.deps.db, server.deps.auth, 1);
  await addMember(server.deps.db, built.organizationId, owner!.id, "owner");
  return {
    organizationId: built.organizationId,
    employees: built.employees,
    owner: { ...owner!, client: new TestClient(server.url, { cookie: owner!.cookie }) },
    base: `/api/organizations/${built.organizationId}/compliance`,
  };
}

export { SURVEY_CATEGORIES };
