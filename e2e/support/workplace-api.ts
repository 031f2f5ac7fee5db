import type { APIRequestContext } from "@playwright/test";
import { answersTo, type Drawn } from "../../src/server/test/learning-attempts.js";
import { expect } from "./fixtures.js";

/**
 * The workplace area's set-up steps through the API, for journeys whose subject
 * lies further on (the UI's own steps are other journeys').
 */

/** A new access code of the organisation, good for `maxUses` people and no expiry. */
export async function newAccessCode(ownerApi: APIRequestContext, organizationId: string, maxUses: number): Promise<string> {
  const codes = `/api/organizations/${organizationId}/workplace/codes`;
  expect((await ownerApi.post(codes, { data: { maxUses, expiresOn: null } })).status()).toBe(201);
  const { codes: created } = (await (await ownerApi.get(codes)).json()) as { codes: { code: string }[] };
  return created[0]!.code;
}

/** Unlocks the workplace area for the session's person with an access code. */
export async function joinWorkplace(api: APIRequestContext, code: string): Promise<void> {
  expect((await api.post("/api/workplace/access", { data: { code } })).status()).toBe(200);
}

/** Passes the harassment-prevention quiz; the certificate's code. */
export async function passHarassmentQuiz(api: APIRequestContext): Promise<string> {
  const drawn = (await (await api.post("/api/workplace/quizzes/harassment/attempts")).json()) as Drawn;
  const graded = await api.post(`/api/workplace/quizzes/harassment/attempts/${drawn.attemptId}/answers`, {
    data: { answers: answersTo("harassment", drawn) },
  });
  expect(graded.status()).toBe(200);
  return ((await graded.json()) as { certificateCode: string }).certificateCode;
}
