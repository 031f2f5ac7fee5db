import { sql, type Kysely } from "kysely";

// Frozen: migrations never import application code.
//
// When each account last signed in with its password, so the first sign-in
// can greet a newcomer ("Welcome") rather than a returning member (accounts
// that already have a session have signed in before). And the kind messages
// in French say "vous", like the rest of the app, and no message claims more
// acts than the counter shows.
const KIND_MESSAGES: [en: string, fr: string, previousEn?: string][] = [
  [
    "Someone noticed your kindness today. Thank you for making the world a little softer.",
    "Quelqu'un a remarqué votre bienveillance aujourd'hui. Merci de rendre le monde un peu plus doux.",
  ],
  [
    "Your act just joined all the others recorded around the world. Keep it going!",
    "Votre geste vient de rejoindre tous ceux enregistrés partout dans le monde. Continuez comme ça!",
    "Your act just joined thousands of others. Keep it going!",
  ],
  [
    "Kindness is contagious: pass it on to the next person you meet.",
    "La bienveillance, ça se transmet : passez-la à la prochaine personne que vous croiserez.",
  ],
  ["Take a moment to thank someone who helped you this week.", "Prenez un moment pour remercier quelqu'un qui vous a aidé cette semaine."],
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const [en, fr, previousEn] of KIND_MESSAGES) {
    await db
      .updateTable("kind_messages")
      .set({ message_en: en, message_fr: fr })
      .where("message_en", "=", previousEn ?? en)
      .execute();
  }
  await db.schema.alterTable("users").addColumn("last_sign_in_at", "timestamptz").execute();
  await sql`
    update users set last_sign_in_at = signed_in.latest
    from (select user_id, max(created_at) as latest from sessions group by user_id) as signed_in
    where signed_in.user_id = users.id
  `.execute(db);
}

// The kind messages keep their corrected words: the old ones were mistakes, not data to restore.
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("users").dropColumn("last_sign_in_at").execute();
}
