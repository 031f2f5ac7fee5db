import { describe, expect, it } from "vitest";
import { outboxFor } from "../../test/factories.js";
import { testDrivers, useTestServer } from "../../test/test-server.js";

describe.each(testDrivers())("contact and bug reports on %s", (driver) => {
  const suite = useTestServer(driver);

  it("mails a contact message to SUPPORT_EMAIL with the sender as reply address", async () => {
    const res = await suite.client.post("/api/contact", {
      firstName: "Marie",
      lastName: "Tremblay",
      email: "marie@example.test",
      subject: "Organisation",
      message: "Nous aimerions <b>participer</b>.",
    });
    expect(res.status).toBe(200);
    const [mail] = await outboxFor(suite.server, "support@kindly.test");
    expect(mail!.subject).toBe("[Contact] Organisation");
    expect(mail!.text_body).toContain("Marie Tremblay <marie@example.test>");
    expect(mail!.html_body).toContain("&lt;b&gt;participer&lt;/b&gt;");
  });

  it("requires every field of the bug report", async () => {
    const res = await suite.client.post("/api/bug-reports", { name: "Sam", email: "sam@example.test", bugDescription: "   " });
    expect(res.status).toBe(400);
    expect(res.body.error.field).toBe("bugDescription");
    const ok = await suite.client.post("/api/bug-reports", { name: "Sam", email: "sam@example.test", bugDescription: "The map is blank." });
    expect(ok.status).toBe(200);
    expect((await outboxFor(suite.server, "support@kindly.test"))[0]!.text_body).toContain("The map is blank.");
  });
});
