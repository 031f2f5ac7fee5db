import { gzipSync } from "fflate";
import { withProof } from "./data-integrity.js";
import { OB_V3_CONTEXT, VC_V2_CONTEXT } from "./json-ld.js";
import type { SigningKey } from "./signing-key.js";

/*
 * A certificate as an Open Badges 3.0 `OpenBadgeCredential` on the W3C
 * Verifiable Credentials 2.0 data model (issue 58 §6): `credentials/v2` and
 * 1EdTech's context 3.0.3, `validFrom`/`validUntil`, an embedded Data
 * Integrity proof (`eddsa-rdfc-2022`), and, around it, the VC-JWT of Open
 * Badges 3.0 §8.2. The issuer is the employer, signing through Kindly with
 * the deployment's key, whose did:key any wallet resolves offline. Its
 * `credentialStatus` is a W3C Bitstring Status List entry, whose bit is set
 * once the certificate is superseded or withdrawn.
 */

/** Bits per status list: the W3C minimum (16 KB), so one bit says little about whom it is (herd privacy). */
export const STATUS_LIST_SIZE = 131_072;
export const CREDENTIAL_CONTEXT = [VC_V2_CONTEXT, OB_V3_CONTEXT] as const;

export interface CertificateFacts {
  id: string;
  code: string;
  kind: string;
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
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** The credential before its proof. */
export function openBadgeCredential(appUrl: string, key: SigningKey, facts: CertificateFacts) {
  const list = Math.floor(facts.statusIndex / STATUS_LIST_SIZE);
  return {
    "@context": CREDENTIAL_CONTEXT,
    id: `${appUrl}/verify/${facts.code}`,
    type: ["VerifiableCredential", "OpenBadgeCredential"],
    name: facts.title,
    issuer: { id: key.did, type: ["Profile"], name: facts.employer },
    validFrom: facts.issuedAt.toISOString(),
    ...(facts.expiresAt ? { validUntil: facts.expiresAt.toISOString() } : {}),
    credentialSubject: {
      // A subject id of this credential only (JWT `sub`), so two of a person's certificates cannot be linked by it.
      id: `urn:uuid:${facts.id}`,
      type: ["AchievementSubject"],
      identifier: [{ type: "IdentityObject", identityHash: facts.holder, identityType: "name", hashed: false }],
      activityEndDate: facts.completedAt.toISOString(),
      achievement: {
        id: `${appUrl}/verify#${facts.kind}`,
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

export type OpenBadgeCredential = ReturnType<typeof openBadgeCredential>;

/**
 * The credential with its proof, as the VC-JWT of Open Badges 3.0 §8.2: the
 * JOSE header holds only `alg`, `typ` and `kid` (a DID URL that resolves to
 * the key); the payload is the credential itself with the registered claims
 * mirroring it — `iss`, `jti`, `sub`, `nbf` and `exp` — and nothing else.
 */
export async function signCredential(key: SigningKey, credential: OpenBadgeCredential): Promise<string> {
  const proved = await withProof(key, credential, new Date(credential.validFrom));
  // jose is loaded on the first signature rather than at start: most servers never sign one.
  const { SignJWT } = await import("jose");
  const jwt = new SignJWT(proved)
    .setProtectedHeader({ alg: "EdDSA", typ: "JWT", kid: key.verificationMethod })
    .setIssuer(credential.issuer.id)
    .setJti(credential.id)
    .setSubject(credential.credentialSubject.id)
    .setNotBefore(seconds(new Date(credential.validFrom)));
  if ("validUntil" in credential && credential.validUntil) jwt.setExpirationTime(seconds(new Date(credential.validUntil)));
  return jwt.sign(key.privateKey);
}

/** The W3C bitstring: bit i is the i-th from the left (the first byte's highest bit is 0), gzipped, multibase base64url. */
export function encodeStatusList(setBits: readonly number[]): string {
  const bytes = new Uint8Array(STATUS_LIST_SIZE / 8);
  for (const bit of setBits) bytes[bit >> 3]! |= 0x80 >> (bit & 7);
  return `u${Buffer.from(gzipSync(bytes)).toString("base64url")}`;
}

/** A status list as a credential of its own (Bitstring Status List §2.2), issued and proved by the same key. */
export async function signStatusList(key: SigningKey, appUrl: string, list: number, revoked: readonly number[]) {
  const id = statusListUrl(appUrl, list);
  const now = new Date();
  return withProof(
    key,
    {
      "@context": [VC_V2_CONTEXT],
      id,
      type: ["VerifiableCredential", "BitstringStatusListCredential"],
      issuer: key.did,
      validFrom: now.toISOString(),
      credentialSubject: {
        id: `${id}#list`,
        type: "BitstringStatusList",
        statusPurpose: "revocation",
        encodedList: encodeStatusList(revoked),
      },
    },
    now,
  );
}
