import { createHash, sign } from "node:crypto";
import { base58 } from "@scure/base";
import { canonicalNQuads } from "./json-ld.js";
import type { SigningKey } from "./signing-key.js";

/*
 * An embedded Data Integrity proof, cryptosuite `eddsa-rdfc-2022` (W3C
 * "Data Integrity EdDSA Cryptosuites v1.0" §3.3): the proof 1EdTech's Open
 * Badges conformance suite accepts. What is signed is the SHA-256 of the
 * proof's options, canonicalised, followed by the SHA-256 of the document,
 * canonicalised (RDFC-1.0, `json-ld.ts`); the signature is Ed25519 and
 * travels multibase base58btc. Canonicalisation is the jsonld library's;
 * the steps around it are the spec's, verified in the tests by Digital
 * Bazaar's implementation of the same cryptosuite.
 */

export interface DataIntegrityProof {
  type: "DataIntegrityProof";
  cryptosuite: "eddsa-rdfc-2022";
  created: string;
  verificationMethod: string;
  proofPurpose: "assertionMethod";
  proofValue: string;
}

const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest();

/** Seconds precision, as most verifiers print and compare `created`. */
const dateTimeStamp = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, "Z");

/** The document with its `proof`, signed by `key` for the issuer's assertions. */
export async function withProof<T extends { "@context": readonly string[] }>(
  key: SigningKey,
  document: T,
  created: Date,
): Promise<T & { proof: DataIntegrityProof[] }> {
  const options = {
    type: "DataIntegrityProof",
    cryptosuite: "eddsa-rdfc-2022",
    created: dateTimeStamp(created),
    verificationMethod: key.verificationMethod,
    proofPurpose: "assertionMethod",
  } as const;
  const [canonicalOptions, canonicalDocument] = await Promise.all([
    canonicalNQuads({ "@context": document["@context"], ...options }),
    canonicalNQuads(document),
  ]);
  const signature = sign(null, Buffer.concat([sha256(canonicalOptions), sha256(canonicalDocument)]), key.privateKey);
  // A proof set of one: 1EdTech's schema takes `proof` as an array only.
  return { ...document, proof: [{ ...options, proofValue: `z${base58.encode(signature)}` }] };
}
