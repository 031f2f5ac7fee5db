import { createPrivateKey, generateKeyPairSync, type KeyObject } from "node:crypto";
import type { JWK } from "jose";
import type { Kysely } from "kysely";
import type { DB } from "../../../platform/db/schema.js";
import { keepFirstSetting } from "../../../platform/db/settings-repository.js";
import type { SecretBox } from "../../../platform/secrets/secret-box.js";

/*
 * The deployment's Ed25519 key that signs certificates' Open Badges
 * credentials and their status lists (issue 47 §3). Made on first use and
 * kept in the settings, sealed (a dump of the database signs nothing);
 * processes starting together keep whichever they stored first. Its public
 * half is published at /api/credentials/jwks, and each signature names it:
 * `jku`, that address, and `kid`, the key's RFC 7638 thumbprint.
 */

/** An Ed25519 public key as a JWK (RFC 8037), with its thumbprint as `kid`. */
export interface PublicJwk {
  kty: string;
  crv: string;
  x: string;
  kid: string;
  alg: string;
  use: string;
}

export interface SigningKey {
  privateKey: KeyObject;
  publicJwk: PublicJwk;
  /** The JOSE header naming the key: its thumbprint (`kid`) in the key set at `jku`. */
  header: { kid: string; jku: string };
}

const SETTING = "credential_signing_key";
const PURPOSE = "credential signing key";
/** Per database (tests run several servers in one process, each on its own). */
const loaded = new WeakMap<Kysely<DB>, Promise<SigningKey>>();

export const jwksPath = "/api/credentials/jwks";

async function load(db: Kysely<DB>, box: SecretBox, appUrl: string): Promise<SigningKey> {
  const fresh = generateKeyPairSync("ed25519").privateKey.export({ format: "jwk" });
  const sealed = await keepFirstSetting(db, SETTING, box.seal(PURPOSE, JSON.stringify(fresh)));
  const opened = box.open(PURPOSE, sealed);
  if (!opened) throw new Error("The credential signing key was sealed under another server secret (AUTH_SECRET changed)");
  const jwk = JSON.parse(opened) as JWK;
  const { calculateJwkThumbprint } = await import("jose");
  const thumbprint = await calculateJwkThumbprint({ kty: jwk.kty, crv: jwk.crv, x: jwk.x });
  return {
    privateKey: createPrivateKey({ key: jwk as never, format: "jwk" }),
    publicJwk: { kty: jwk.kty!, crv: jwk.crv!, x: jwk.x!, kid: thumbprint, alg: "EdDSA", use: "sig" },
    header: { kid: thumbprint, jku: `${appUrl}${jwksPath}` },
  };
}

/** The key, read once per process (a failed read is tried again next time). */
export function signingKey(db: Kysely<DB>, box: SecretBox, appUrl: string): Promise<SigningKey> {
  let key = loaded.get(db);
  if (!key) {
    key = load(db, box, appUrl).catch((error: unknown) => {
      loaded.delete(db);
      throw error;
    });
    loaded.set(db, key);
  }
  return key;
}
