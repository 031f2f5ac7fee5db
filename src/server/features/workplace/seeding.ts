/*
 * Direct writes (and the reads that check them) without a request's checks:
 * for the demo data (features/demo), the benchmark's fixtures and tests.
 * Product code goes through the services.
 */
export { insertSurvey, surveyTallies } from "./climate-survey-repository.js";
export { insertActionItem, insertMeeting, insertMember } from "./committee-repository.js";
export { insertPolicy } from "./policies-repository.js";
