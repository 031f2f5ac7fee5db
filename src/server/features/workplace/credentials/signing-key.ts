import { createPrivateKey, generateKeyPairSync, type KeyObject } from "node:crypto";
import { base58 } from "@scure/base";
import type { Kysely } from "kysely";
import type { DB } from "../../../platform/db/schema.js";
import { keepFirstSetting } from "../../../platform/db/settings-repository.js";
import type { SecretBox } from "../../../platform/secrets/secret-box.js";

/*
 * The deployment's Ed25519 key that signs certificates' Open Badges
 * credentials and their status lists (issue 47 §3). Made on first use and
 * kept in the settings, sealed (a dump of the database signs nothing);
 * processes starting together keep whichever they stored first.
 *
 * The key is the issuer's identity: a `did:key` (W3C CCG did:key 0.7), whose
 * identifier is the public key itself, so any wallet resolves it offline,
 * with no request to Kindly and no key handed over beforehand (issue 58 §6).
 * A `did:web` would need the app's host reachable over https at each check.
 */

export interface SigningKey {
  privateKey: KeyObject;
  /** `did:key:z6Mk…`: the issuer's id in every credential and status list. */
  did: string;
  /** `did:key:z6Mk…#z6Mk…`: the DID URL naming the key, as the JWT's `kid` and the proof's `verificationMethod`. */
  verificationMethod: string;
}

const SETTING = "credential_signing_key";
const PURPOSE = "credential signing key";
/** The multicodec prefix of an Ed25519 public key (0xed, as an unsigned varint). */
const ED25519_PUBLIC = Uint8Array.of(0xed, 0x01);
/** Per database (tests run several servers in one process, each on its own). */
const loaded = new WeakMap<Kysely<DB>, Promise<SigningKey>>();

/** `z` + base58btc(multicodec ed25519-pub + key): the Multikey form did:key is made of. */
export const publicKeyMultibase = (publicKey: Uint8Array) => `z${base58.encode(new Uint8Array([...ED25519_PUBLIC, ...publicKey]))}`;

async function load(db: Kysely<DB>, box: SecretBox): Promise<SigningKey> {
  const fresh = generateKeyPairSync("ed25519").privateKey.export({ format: "jwk" });
  const sealed = await keepFirstSetting(db, SETTING, box.seal(PURPOSE, JSON.stringify(fresh)));
  const opened = box.open(PURPOSE, sealed);
  if (!opened) throw new Error("The credential signing key was sealed under another server secret (AUTH_SECRET changed)");
  const jwk = JSON.parse(opened) as { x: string };
  const multibase = publicKeyMultibase(Buffer.from(jwk.x, "base64url"));
  return {
    privateKey: createPrivateKey({ key: jwk as never, format: "jwk" }),
    did: `did:key:${multibase}`,
    verificationMethod: `did:key:${multibase}#${multibase}`,
  };
}

/** The key, read once per process (a failed read is tried again next time). */
export function signingKey(db: Kysely<DB>, box: SecretBox): Promise<SigningKey> {
  let key = loaded.get(db);
  if (!key) {
    key = load(db, box).catch((error: unknown) => {
      loaded.delete(db);
      throw error;
    });
    loaded.set(db, key);
  }
  return key;
}
