import { gunzipSync } from "node:zlib";
import { createLocalJWKSet, jwtVerify, type JSONWebKeySet } from "jose";

/**
 * A verifier of Open Badges 3.0 credentials in their JWT proof format, as a
 * wallet or an HR system would run one, offline: `jose` checks the EdDSA
 * signature against a key set fetched beforehand, then the credential's
 * revocation bit is read from a Bitstring Status List credential, itself
 * verified with the same keys. No request is made: whatever it needs is given.
 */
export interface Verification {
  verified: boolean;
  /** Why not: "signature" (altered or not signed by these keys), "revoked", "status-list" (missing or not verified). */
  problem?: "signature" | "revoked" | "status-list" | "not-open-badge";
  credential?: any;
}

export async function verifyOpenBadge(jwt: string, keys: JSONWebKeySet, statusLists: Record<string, string>): Promise<Verification> {
  const keySet = createLocalJWKSet(keys);
  let payload;
  try {
    ({ payload } = await jwtVerify(jwt, keySet, { algorithms: ["EdDSA"] }));
  } catch {
    return { verified: false, problem: "signature" };
  }
  const credential = payload.vc as any;
  if (!credential?.type?.includes("OpenBadgeCredential") || payload.iss !== credential.issuer?.id) {
    return { verified: false, problem: "not-open-badge", credential };
  }
  const status = credential.credentialStatus;
  const listJwt = status ? statusLists[status.statusListCredential] : undefined;
  if (!listJwt) return { verified: false, problem: "status-list", credential };
  let list;
  try {
    list = (await jwtVerify(listJwt, keySet, { algorithms: ["EdDSA"] })).payload.vc as any;
  } catch {
    return { verified: false, problem: "status-list", credential };
  }
  const encoded: string = list.credentialSubject.encodedList;
  const bits = gunzipSync(Buffer.from(encoded.slice(1), "base64url"));
  const index = Number(status.statusListIndex);
  const revoked = (bits[index >> 3]! & (0x80 >> (index & 7))) !== 0;
  return revoked ? { verified: false, problem: "revoked", credential } : { verified: true, credential };
}
