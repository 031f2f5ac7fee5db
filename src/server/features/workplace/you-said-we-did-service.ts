import type { Kysely } from "kysely";
import type { YouSaidWeDid } from "../../../shared/schemas/workplace.js";
import type { SurveyCategory } from "../../../shared/workplace/climate-survey.js";
import type { DB } from "../../platform/db/schema.js";
import { listActions } from "./employer/action-plan-repository.js";
import { periodsWithFigures } from "./employer/survey-admin-service.js";
import { iso } from "./iso-time.js";
import type { Employee } from "./workplace-access-service.js";

/** How many published actions employees see, newest first. */
const SHOWN = 10;

/**
 * "You said, we did" for employees (issue 47 §6): each action their employer
 * published in answer to a survey's red flag, in the words it reviewed. A
 * figure shows only where employees could already see it: from a period
 * whose results the employer shares (five responses or more, as always).
 */
export async function youSaidWeDid(db: Kysely<DB>, employee: Employee): Promise<YouSaidWeDid> {
  const [actions, periods] = await Promise.all([listActions(db, employee.organizationId), periodsWithFigures(db, employee.organizationId)]);
  const shared = (surveyId: string | null) => periods.find((p) => p.surveyId === surveyId && p.resultsShared)?.figures ?? null;
  const items = actions
    .filter((a) => a.published_text !== null && a.published_at !== null && a.survey_id !== null && a.flag_category !== null)
    .sort((a, b) => new Date(b.published_at!).getTime() - new Date(a.published_at!).getTime())
    .slice(0, SHOWN)
    .map((a) => {
      const category = a.flag_category as SurveyCategory;
      const followUp = a.follow_up_position === null ? null : shared(a.follow_up_survey_id);
      return {
        id: a.id,
        category,
        text: a.published_text!,
        publishedAt: iso(a.published_at)!,
        periodStart: periods.find((p) => p.surveyId === a.survey_id)?.periodStart ?? "",
        score: shared(a.survey_id)?.categoryAverages[category] ?? null,
        helped: followUp?.followUpScores[String(a.follow_up_position)] ?? null,
      };
    });
  return { items };
}
