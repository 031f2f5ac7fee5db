import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { testClockSchema, moveClockSchema } from "../../../shared/schemas/system.js";
import { clockOffsetMs, moveClockTo, resetClock } from "./test-clock.js";

const state = () => ({ now: new Date().toISOString(), offsetMs: clockOffsetMs() });

/**
 * The test clock's routes (test-clock.ts): registered only when
 * KINDLY_TEST_CLOCK is on, which production refuses, and answered only to a
 * browser or script on this machine (access "this-machine").
 */
export const testClockRoutes = (): FastifyPluginAsyncZod => async (app) => {
  const config = { access: "this-machine" } as const;
  app.get("/dev/clock", { config, schema: { hide: true, response: { 200: testClockSchema } } }, state);
  app.put("/dev/clock", { config, schema: { hide: true, body: moveClockSchema, response: { 200: testClockSchema } } }, (request) => {
    moveClockTo(new Date(request.body.now));
    return state();
  });
  app.delete("/dev/clock", { config, schema: { hide: true, response: { 200: testClockSchema } } }, () => {
    resetClock();
    return state();
  });
};
