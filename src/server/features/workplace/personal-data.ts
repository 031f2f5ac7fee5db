import { isoMoment, type PersonalData } from "../../platform/personal-data.js";
import { publishedOrganizations } from "../organizations/read-models.js";
import { forgetExpiredSignIns } from "./sso/sso-repository.js";
import { deleteExpiredHandoffs } from "./sso/it-handoff-repository.js";

/** Workplace well-being: access, survey participation (never the answers: they are stored apart from anyone), training, quizzes, policies, certificates, the legal name, committee feedback, telework actions, the employer's sign-on link and staff directory entry. */
export const personalData: PersonalData = {
  exportFor: [
    {
      name: "training-completions",
      folder: "workplace",
      read: async (db, userId) =>
        (await db.selectFrom("training_completions").selectAll().where("user_id", "=", userId).execute()).map((row) => ({
          module: row.module_id,
          attempts: row.attempts,
          score: row.score,
          passed: row.passed,
          completed_at: isoMoment(row.completed_at),
        })),
    },
    {
      name: "legal-name",
      folder: "workplace",
      read: async (db, userId) =>
        (await db.selectFrom("legal_names").selectAll().where("user_id", "=", userId).execute()).map((row) => ({
          legal_name: row.legal_name,
          purpose: row.purpose,
          recorded_at: isoMoment(row.recorded_at),
          updated_at: isoMoment(row.updated_at),
        })),
    },
    {
      name: "learning-attempts",
      folder: "workplace",
      read: async (db, userId) =>
        (await db.selectFrom("learning_attempts").selectAll().where("user_id", "=", userId).orderBy("started_at").execute()).map((row) => ({
          subject: row.subject,
          questions: row.questions.map((question) => question.id).join(" "),
          started_at: isoMoment(row.started_at),
          graded_at: isoMoment(row.graded_at),
          score: row.score,
        })),
    },
    {
      name: "quiz-results",
      folder: "workplace",
      read: async (db, userId) =>
        (
          await db
            .selectFrom("quiz_results as q")
            .innerJoin(publishedOrganizations.from(db).as("o"), "o.id", "q.organization_id")
            .select(["o.name", "q.quiz_id", "q.attempts", "q.score", "q.passed_at"])
            .where("q.user_id", "=", userId)
            .execute()
        ).map((row) => ({
          employer: row.name,
          quiz: row.quiz_id,
          attempts: row.attempts,
          score: row.score,
          passed_at: isoMoment(row.passed_at),
        })),
    },
    {
      name: "policy-acknowledgments",
      folder: "workplace",
      read: async (db, userId) =>
        (
          await db
            .selectFrom("policy_acknowledgments as p")
            .innerJoin(publishedOrganizations.from(db).as("o"), "o.id", "p.organization_id")
            .select(["o.name", "p.quiz_score", "p.attempts", "p.acknowledged_at"])
            .where("p.user_id", "=", userId)
            .execute()
        ).map((row) => ({
          employer: row.name,
          quiz_score: row.quiz_score,
          attempts: row.attempts,
          acknowledged_at: isoMoment(row.acknowledged_at),
        })),
    },
    {
      name: "certificates",
      folder: "workplace",
      read: async (db, userId) =>
        (await db.selectFrom("certificates").selectAll().where("user_id", "=", userId).orderBy("issued_at").execute()).map((row) => ({
          verification_code: row.code,
          kind: row.kind,
          holder: row.holder_name,
          employer: row.employer_name,
          completed_at: isoMoment(row.completed_at),
          score: row.score,
          issued_at: isoMoment(row.issued_at),
          superseded_at: row.superseded_at ? isoMoment(row.superseded_at) : null,
          superseded_by: row.superseded_by,
        })),
    },
    {
      name: "committee-feedback",
      folder: "workplace",
      read: async (db, userId) =>
        (
          await db
            .selectFrom("sst_committee_feedback")
            .select(["subject", "message", "category", "is_anonymous", "status", "response", "created_at"])
            .where("user_id", "=", userId)
            .orderBy("created_at")
            .execute()
        ).map((row) => ({
          subject: row.subject,
          message: row.message,
          category: row.category,
          anonymous: row.is_anonymous,
          status: row.status,
          committee_reply: row.response,
          sent_at: isoMoment(row.created_at),
        })),
    },
    {
      name: "employer-sign-on",
      folder: "workplace",
      read: async (db, userId) =>
        (
          await db
            .selectFrom("sso_identities as i")
            .innerJoin(publishedOrganizations.from(db).as("o"), "o.id", "i.organization_id")
            .select(["o.name", "i.subject", "i.created_at"])
            .where("i.user_id", "=", userId)
            .execute()
        ).map((row) => ({ employer: row.name, provider_subject: row.subject, linked_at: isoMoment(row.created_at) })),
    },
    {
      name: "staff-directory",
      folder: "workplace",
      read: async (db, userId) =>
        (
          await db
            .selectFrom("staff_directory_people as p")
            .innerJoin(publishedOrganizations.from(db).as("o"), "o.id", "p.organization_id")
            .select(["o.name", "p.user_name", "p.email", "p.given_name", "p.family_name", "p.display_name", "p.active", "p.updated_at"])
            .where("p.user_id", "=", userId)
            .execute()
        ).map((row) => ({
          employer: row.name,
          user_name: row.user_name,
          email: row.email,
          given_name: row.given_name,
          family_name: row.family_name,
          display_name: row.display_name,
          active: row.active,
          updated_at: isoMoment(row.updated_at),
        })),
    },
  ],
  eraseFor: async (trx, person) => {
    await trx.deleteFrom("workplace_access").where("user_id", "=", person).execute();
    await trx.deleteFrom("survey_respondents").where("user_id", "=", person).execute();
    await trx.deleteFrom("training_completions").where("user_id", "=", person).execute();
    await trx.deleteFrom("learning_attempts").where("user_id", "=", person).execute();
    await trx.deleteFrom("quiz_results").where("user_id", "=", person).execute();
    await trx.deleteFrom("policy_acknowledgments").where("user_id", "=", person).execute();
    // Credentials already handed out stay revoked once their certificates are gone (their status list bits).
    await trx
      .insertInto("revoked_credentials")
      .columns(["status_index"])
      .expression((eb) =>
        eb
          .selectFrom("certificates")
          .select("credential_status_index")
          .where("user_id", "=", person)
          .where("credential_status_index", "is not", null),
      )
      .onConflict((oc) => oc.doNothing())
      .execute();
    await trx.deleteFrom("certificates").where("user_id", "=", person).execute();
    await trx.deleteFrom("legal_names").where("user_id", "=", person).execute();
    await trx.deleteFrom("sst_committee_feedback").where("user_id", "=", person).execute();
    await trx.deleteFrom("telework_inclusion_actions").where("user_id", "=", person).execute();
    await trx.deleteFrom("sso_identities").where("user_id", "=", person).execute();
    // The employer's directory keeps its entry (its own record of its staff), no longer linked to the account.
    await trx.updateTable("staff_directory_people").set({ user_id: null }).where("user_id", "=", person).execute();
  },
  // A sign-in with the employer's provider that was never finished: its minutes.
  // Sign-ins that never finished, and the links sent to IT people (their addresses) once expired.
  forgetExpired: async (db, now) => {
    await Promise.all([forgetExpiredSignIns(db, now), deleteExpiredHandoffs(db, now)]);
  },
};
