import { gzipSync } from "fflate";
import type { SigningKey } from "./signing-key.js";

/*
 * A certificate as an Open Badges 3.0 `OpenBadgeCredential` (1EdTech Open
 * Badges 3.0 §8.2, "JSON Web Token Proof Format"): the credential travels in
 * the JWT's `vc` claim, signed EdDSA (Ed25519) with the deployment's key.
 * Anyone holding the JWKS verifies it without asking Kindly. Its
 * `credentialStatus` points at a W3C Bitstring Status List, in which the
 * certificate's bit is set once it is superseded.
 */

/** Bits per status list: the W3C minimum (16 KB), so one bit says little about whom it is (herd privacy). */
export const STATUS_LIST_SIZE = 131_072;
export const OB3_CONTEXT = ["https://www.w3.org/2018/credentials/v1", "https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json"];

export interface CertificateFacts {
  id: string;
  code: string;
  organizationId: string;
  holder: string;
  employer: string;
  title: string;
  description: string;
  completedAt: Date;
  issuedAt: Date;
  expiresAt: Date | null;
  statusIndex: number;
}

export const statusListUrl = (appUrl: string, list: number) => `${appUrl}/api/credentials/status/${list}`;
export const issuerUrl = (appUrl: string, organizationId: string) => `${appUrl}/api/credentials/issuers/${organizationId}`;
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

export function openBadgeCredential(appUrl: string, facts: CertificateFacts) {
  const list = Math.floor(facts.statusIndex / STATUS_LIST_SIZE);
  const issuer = issuerUrl(appUrl, facts.organizationId);
  return {
    "@context": OB3_CONTEXT,
    id: `${appUrl}/verify/${facts.code}`,
    type: ["VerifiableCredential", "OpenBadgeCredential"],
    name: facts.title,
    issuer: { id: issuer, type: ["Profile"], name: facts.employer },
    issuanceDate: facts.issuedAt.toISOString(),
    ...(facts.expiresAt ? { expirationDate: facts.expiresAt.toISOString() } : {}),
    credentialSubject: {
      type: ["AchievementSubject"],
      identifier: [{ type: "IdentityObject", identityHash: facts.holder, identityType: "name", hashed: false }],
      activityEndDate: facts.completedAt.toISOString(),
      achievement: {
        id: `${issuer}#${facts.title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`,
        type: ["Achievement"],
        achievementType: "Certificate",
        name: facts.title,
        description: facts.description,
        criteria: { narrative: facts.description },
      },
    },
    credentialStatus: {
      id: `${statusListUrl(appUrl, list)}#${facts.statusIndex}`,
      type: "BitstringStatusListEntry",
      statusPurpose: "revocation",
      statusListIndex: String(facts.statusIndex % STATUS_LIST_SIZE),
      statusListCredential: statusListUrl(appUrl, list),
    },
  };
}

/** The credential as its VC-JWT: iss, jti, nbf (and exp) mirror the credential, as Open Badges 3.0 §8.2.4 asks. */
export async function signCredential(key: SigningKey, credential: ReturnType<typeof openBadgeCredential>): Promise<string> {
  // jose is loaded on the first signature rather than at start: most servers never sign one.
  const { SignJWT } = await import("jose");
  const jwt = new SignJWT({ vc: credential })
    .setProtectedHeader({ alg: "EdDSA", typ: "JWT", ...key.header })
    .setIssuer(credential.issuer.id)
    .setJti(credential.id)
    .setNotBefore(seconds(new Date(credential.issuanceDate)))
    .setIssuedAt();
  if ("expirationDate" in credential && credential.expirationDate) jwt.setExpirationTime(seconds(new Date(credential.expirationDate)));
  return jwt.sign(key.privateKey);
}

/** The W3C bitstring: bit i is the i-th from the left (the first byte's highest bit is 0), gzipped, multibase base64url. */
export function encodeStatusList(setBits: readonly number[]): string {
  const bytes = new Uint8Array(STATUS_LIST_SIZE / 8);
  for (const bit of setBits) bytes[bit >> 3]! |= 0x80 >> (bit & 7);
  return `u${Buffer.from(gzipSync(bytes)).toString("base64url")}`;
}

/** A status list as a credential of its own (Bitstring Status List §2.2), signed by the same key. */
export async function signStatusList(key: SigningKey, appUrl: string, list: number, revoked: readonly number[]): Promise<string> {
  const id = statusListUrl(appUrl, list);
  const credential = {
    "@context": ["https://www.w3.org/ns/credentials/v2"],
    id,
    type: ["VerifiableCredential", "BitstringStatusListCredential"],
    issuer: appUrl,
    validFrom: new Date().toISOString(),
    credentialSubject: {
      id: `${id}#list`,
      type: "BitstringStatusList",
      statusPurpose: "revocation",
      encodedList: encodeStatusList(revoked),
    },
  };
  const { SignJWT } = await import("jose");
  return new SignJWT({ vc: credential })
    .setProtectedHeader({ alg: "EdDSA", typ: "JWT", ...key.header })
    .setIssuer(appUrl)
    .setJti(id)
    .setIssuedAt()
    .sign(key.privateKey);
}
