import { describe, expect, it } from "vitest";
import { useTestServer } from "../test/test-server.js";

/**
 * Every API route says who may call it (config.access, enforced by
 * http/access.ts) and declares the schema of each answer it gives, so
 * Fastify serialises and strips it and /api/docs documents it.
 */
describe("the API route table", () => {
  const suite = useTestServer("postgres");

  it("gives every route an access rule and a response schema", () => {
    const routes = suite.server.app.apiRoutes.filter((route) => route.method !== "HEAD");
    expect(routes.length).toBeGreaterThan(20);
    const missing = routes
      .filter((route) => !route.config?.access || !route.schema?.response || Object.keys(route.schema.response).length === 0)
      .map((route) => `${String(route.method)} ${route.url}`);
    expect(missing).toEqual([]);
  });

  it("refuses to start when a route forgets its access rule", async () => {
    const { buildApp } = await import("../app.js");
    const app = await buildApp(suite.server.deps, { serveWeb: false });
    expect(() => app.get("/api/forgotten", async () => ({}))).toThrow(/declares no access rule/);
    await app.close();
  });

  it("documents every response in the OpenAPI description", async () => {
    const docs = (await suite.client.get("/api/docs/json")).body as { paths: Record<string, Record<string, { responses?: object }>> };
    const undocumented = Object.entries(docs.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => Object.keys(operation.responses ?? {}).every((status) => status === "default"))
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(undocumented).toEqual([]);
  });
});
