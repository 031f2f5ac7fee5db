import { describe, expect, it } from "vitest";
import { useTestServer } from "../../test/test-server.js";

describe("the person in charge of personal information", () => {
  const named = useTestServer("postgres", {
    env: { PRIVACY_OFFICER_NAME: "Mireille Tremblay", PRIVACY_OFFICER_EMAIL: "vie.privee@kindly.test" },
  });
  const unnamed = useTestServer("postgres");

  it("is the one the deployment names, else the role at the support address", async () => {
    expect((await named.client.get("/api/public-config")).body.privacyOfficer).toEqual({
      name: "Mireille Tremblay",
      email: "vie.privee@kindly.test",
    });
    expect((await unnamed.client.get("/api/public-config")).body.privacyOfficer).toEqual({ name: null, email: "support@kindly.test" });
  });
});
