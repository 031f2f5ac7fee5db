import { sql, type Kysely } from "kysely";
import type { Language } from "../../../../shared/i18n/languages.js";
import { translate } from "../../../../shared/i18n/translate.js";
import { normalizeCertificateCode } from "../../../../shared/workplace/certificate-code.js";
import { CERTIFICATE_OUTCOMES } from "../../../../shared/workplace/learning.js";
import type { DB } from "../../../platform/db/schema.js";
import type { SecretBox } from "../../../platform/secrets/secret-box.js";
import { AppError } from "../../../kernel/app-error.js";
import { openBadgeCredential, signCredential, signStatusList, STATUS_LIST_SIZE } from "./open-badge.js";
import { signingKey } from "./signing-key.js";

export interface CredentialDeps {
  db: Kysely<DB>;
  secretBox: SecretBox;
  appUrl: string;
}

/** The certificate's place in the status list, given once (the first download). */
async function statusIndexOf(db: Kysely<DB>, certificateId: string): Promise<number> {
  const assigned = await db
    .updateTable("certificates")
    .set({ credential_status_index: sql<number>`nextval('credential_status_index_seq')` })
    .where("id", "=", certificateId)
    .where("credential_status_index", "is", null)
    .returning("credential_status_index")
    .executeTakeFirst();
  if (assigned?.credential_status_index != null) return assigned.credential_status_index;
  const row = await db
    .selectFrom("certificates")
    .select("credential_status_index")
    .where("id", "=", certificateId)
    .executeTakeFirstOrThrow();
  return row.credential_status_index!;
}

/** The certificate behind a /verify code as a signed Open Badges 3.0 credential, in the reader's language. */
export async function certificateCredential(
  deps: CredentialDeps,
  typed: string,
  language: Language,
): Promise<{ jwt: string; fileName: string }> {
  const code = normalizeCertificateCode(typed);
  const found = code
    ? await deps.db
        .selectFrom("certificates")
        .select(["id", "code", "kind", "holder_name", "employer_name", "completed_at", "issued_at", "expires_at"])
        .where("code", "=", code)
        .executeTakeFirst()
    : undefined;
  if (!found) throw new AppError("not_found");
  const outcomes = Array.from({ length: CERTIFICATE_OUTCOMES[found.kind] }, (_, i) =>
    translate(language, `workplace.certificate.outcomes.${found.kind}.o${i + 1}`),
  );
  const key = await signingKey(deps.db, deps.secretBox);
  const credential = openBadgeCredential(deps.appUrl, key, {
    id: found.id,
    code: found.code,
    kind: found.kind,
    holder: found.holder_name,
    employer: found.employer_name,
    title: translate(language, `workplace.certificate.title.${found.kind}`),
    description: outcomes.join(" "),
    completedAt: new Date(found.completed_at),
    issuedAt: new Date(found.issued_at),
    expiresAt: found.expires_at ? new Date(found.expires_at) : null,
    statusIndex: await statusIndexOf(deps.db, found.id),
  });
  const jwt = await signCredential(key, credential);
  return { jwt, fileName: `kindly-certificate-${found.kind}-${found.code}.jwt` };
}

/** Status list `list`, as it stands now: the bits of its certificates superseded or withdrawn since, or erased with their holders' accounts. */
export async function statusListCredential(deps: CredentialDeps, list: number) {
  const rows = await deps.db
    .selectFrom("certificates")
    .select("credential_status_index")
    .where("credential_status_index", ">=", list * STATUS_LIST_SIZE)
    .where("credential_status_index", "<", (list + 1) * STATUS_LIST_SIZE)
    .where((eb) => eb.or([eb("superseded_at", "is not", null), eb("withdrawn_at", "is not", null)]))
    .execute();
  const erased = await deps.db
    .selectFrom("revoked_credentials")
    .select("status_index")
    .where("status_index", ">=", list * STATUS_LIST_SIZE)
    .where("status_index", "<", (list + 1) * STATUS_LIST_SIZE)
    .execute();
  const revoked = [...rows.map((row) => row.credential_status_index!), ...erased.map((row) => row.status_index)].map(
    (index) => index - list * STATUS_LIST_SIZE,
  );
  return signStatusList(await signingKey(deps.db, deps.secretBox), deps.appUrl, list, revoked);
}
