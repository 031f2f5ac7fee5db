import { describe, expect, it } from "vitest";
import { buildEmployer } from "../../../test/compliance-fixtures.js";
import { verifyOpenBadge } from "../../../test/credential-verifier.js";
import { takeAttempt } from "../../../test/learning-attempts.js";
import { useTestServer } from "../../../test/test-server.js";
import { personalData } from "../index.js";

const DAY_MS = 24 * 60 * 60 * 1000;

/** A JWT's decoded header (part 0) or claims (part 1). */
const partOf = (jwt: string, part: 0 | 1) => JSON.parse(Buffer.from(jwt.split(".")[part]!, "base64url").toString());

describe("certificates as Open Badges 3.0 credentials (issue 47 §3)", () => {
  const suite = useTestServer("postgres");

  /** Anyone with the code downloads the credential, as on /verify. */
  const download = async (code: string) => (await fetch(`${suite.server.url}/api/certificates/${code}/credential`)).text();

  /**
   * What a verifier collects beforehand, afresh on each call: the key set and
   * the status list `jwt` names. Everything after happens offline.
   */
  async function collected(jwt: string) {
    const keys = await (await fetch(`${suite.server.url}/api/credentials/jwks`)).json();
    const statusUrl = partOf(jwt, 1).vc.credentialStatus.statusListCredential as string;
    const list = await (await fetch(statusUrl.replace("http://kindly.test", suite.server.url))).text();
    return { keys, statusLists: { [statusUrl]: list } };
  }

  /** The credential checked offline against what was just collected. */
  const verifyNow = async (jwt: string) => {
    const { keys, statusLists } = await collected(jwt);
    return verifyOpenBadge(jwt, keys, statusLists);
  };

  it("signs a credential a verifier checks offline, which fails once a byte changes or the certificate is superseded", async () => {
    const { employees } = await buildEmployer(suite.server, 1);
    const employee = employees[0]!;
    const code = (await takeAttempt(employee.client, "/api/workplace/quizzes/harassment", "harassment")).body.certificateCode as string;

    // Anyone with the code downloads it, as on /verify; in French when asked in French.
    const answer = await fetch(`${suite.server.url}/api/certificates/${code}/credential`, { headers: { "accept-language": "fr-CA" } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toMatch(/^application\/vc\+jwt/);
    expect(answer.headers.get("content-disposition")).toBe(`attachment; filename="kindly-certificate-harassment-${code}.jwt"`);
    const jwt = await answer.text();

    const { keys, statusLists } = await collected(jwt);
    expect(partOf(jwt, 0)).toMatchObject({ alg: "EdDSA", kid: keys.keys[0].kid, jku: "http://kindly.test/api/credentials/jwks" });
    const claims = partOf(jwt, 1);
    const verified = await verifyOpenBadge(jwt, keys, statusLists);
    expect(verified).toMatchObject({ verified: true });
    const profile = (await employee.client.get(new URL(claims.iss).pathname)).body;
    expect(verified.credential).toMatchObject({
      "@context": ["https://www.w3.org/2018/credentials/v1", "https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json"],
      type: ["VerifiableCredential", "OpenBadgeCredential"],
      id: `http://kindly.test/verify/${code}`,
      issuer: { id: claims.iss, type: ["Profile"], name: profile.name },
      credentialSubject: {
        type: ["AchievementSubject"],
        achievement: { type: ["Achievement"], achievementType: "Certificate", name: "Certificat de prévention du harcèlement" },
      },
      credentialStatus: { type: "BitstringStatusListEntry", statusPurpose: "revocation" },
    });
    expect(claims.exp - claims.nbf).toBeGreaterThan(360 * 86_400);

    // One byte changed, anywhere in the signed part: refused.
    const at = jwt.indexOf(".") + 40;
    const altered = `${jwt.slice(0, at)}${jwt[at] === "A" ? "B" : "A"}${jwt.slice(at + 1)}`;
    expect(await verifyOpenBadge(altered, keys, statusLists)).toMatchObject({ verified: false, problem: "signature" });
    // Signed by another key: refused too.
    const stranger = { keys: [{ ...keys.keys[0], x: Buffer.alloc(32, 7).toString("base64url") }] };
    expect(await verifyOpenBadge(jwt, stranger, statusLists)).toMatchObject({ verified: false, problem: "signature" });

    // Renewed: the old certificate is superseded, and the status list now says its credential is revoked.
    await suite.server.deps.db
      .updateTable("certificates")
      .set({ expires_at: new Date(Date.now() + 10 * DAY_MS) })
      .where("code", "=", code)
      .execute();
    const renewed = await takeAttempt(employee.client, "/api/workplace/quizzes/harassment", "harassment");
    expect(renewed.body.certificateCode).not.toBe(code);
    expect(await verifyNow(jwt)).toMatchObject({ verified: false, problem: "revoked" });
    // The new version's credential verifies, with its own place in the list; a second download keeps the place.
    const fresh = await download(renewed.body.certificateCode);
    expect(await verifyNow(fresh)).toMatchObject({ verified: true });
    const again = await download(renewed.body.certificateCode);
    const indexOf = (token: string) => partOf(token, 1).vc.credentialStatus.statusListIndex;
    expect(indexOf(again)).toBe(indexOf(fresh));
    expect(indexOf(fresh)).not.toBe(indexOf(jwt));
  });

  it("revokes a certificate its employer withdraws, says so on /verify, and lets its holder earn it again", async () => {
    const { owner, employees, base } = await buildEmployer(suite.server, 1);
    const employee = employees[0]!;
    const code = (await takeAttempt(employee.client, "/api/workplace/quizzes/harassment", "harassment")).body.certificateCode as string;
    const jwt = await download(code);
    expect(await verifyNow(jwt)).toMatchObject({ verified: true });

    // Another employer cannot; an unknown code is nobody's.
    const other = await buildEmployer(suite.server, 0);
    expect((await other.owner.client.post(`${other.base}/certificates/${code}/withdrawal`)).status).toBe(404);
    expect((await owner.client.post(`${base}/certificates/KC-AAAA-BBBB-CCCC/withdrawal`)).status).toBe(404);
    expect((await owner.client.post(`${base}/certificates/${code.toLowerCase()}/withdrawal`)).status).toBe(204);
    // A second time changes nothing.
    expect((await owner.client.post(`${base}/certificates/${code}/withdrawal`)).status).toBe(204);

    const check = (await employee.client.get(`/api/certificates/${code}`)).body;
    expect(check.withdrawnOn).toEqual(expect.any(String));
    expect(await verifyNow(jwt)).toMatchObject({ verified: false, problem: "revoked" });
    const quiz = (await employee.client.get("/api/workplace/quizzes")).body.quizzes.find((q: { id: string }) => q.id === "harassment");
    expect(quiz.renewalOpen).toBe(true);
    const again = await takeAttempt(employee.client, "/api/workplace/quizzes/harassment", "harassment");
    expect(again.body.certificateCode).not.toBe(code);
    expect((await employee.client.get(`/api/certificates/${again.body.certificateCode}`)).body).toMatchObject({
      withdrawnOn: null,
      expired: false,
    });
  });

  it("keeps a credential revoked once its certificate is erased with its holder's account", async () => {
    const { employees } = await buildEmployer(suite.server, 1);
    const employee = employees[0]!;
    const code = (await takeAttempt(employee.client, "/api/workplace/quizzes/harassment", "harassment")).body.certificateCode as string;
    const jwt = await download(code);
    expect(await verifyNow(jwt)).toMatchObject({ verified: true });
    // The purge of the account erases the workplace records (privacy/account-deletion runs each feature's eraser).
    await suite.server.deps.db.transaction().execute((trx) => personalData.eraseFor!(trx, employee.id, new Date()));
    expect((await fetch(`${suite.server.url}/api/certificates/${code}`)).status).toBe(404);
    expect(await verifyNow(jwt)).toMatchObject({ verified: false, problem: "revoked" });
  });

  it("answers 404 for a code no certificate has", async () => {
    expect((await fetch(`${suite.server.url}/api/certificates/KC-AAAA-BBBB-CCCC/credential`)).status).toBe(404);
  });
});
