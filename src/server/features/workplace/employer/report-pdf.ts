import { localeOf, type Language } from "../../../../shared/i18n/languages.js";
import { translate } from "../../../../shared/i18n/translate.js";
import { MIN_RESPONSES_FOR_RESULTS, RESULTS_STEP } from "../../../../shared/workplace/climate-survey.js";
import { SURVEY_CATEGORIES } from "../../../../shared/workplace/climate-survey.js";
import { formatDay } from "../../../platform/format/quebec-dates.js";
import { ReportWriter } from "../../../platform/pdf/report-writer.js";
import type { ReportFacts } from "./report-data.js";
import { numberFormat } from "../../../../shared/i18n/format.js";

export type ReportKind = "compliance" | "cnesst";

/**
 * The compliance report and the CNESST package: the same records, every
 * figure with where it comes from (record ids in the sources section), and a
 * section that says plainly what is missing. The package is ordered as an
 * inspector reads a prevention file: risks identified, measures taken,
 * worker participation, harassment policy, training, follow-up.
 */
export async function reportPdf(kind: ReportKind, facts: ReportFacts, language: Language): Promise<Uint8Array> {
  const t = (key: string, vars?: Record<string, string | number>) => translate(language, `employer.report.${key}`, vars);
  const decimal = (value: number) => numberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value);
  const day = (iso: string) => formatDay(language, new Date(`${iso.slice(0, 10)}T12:00:00Z`));
  const category = (id: string) => translate(language, `workplace.survey.categories.${id}`);
  const employees = (count: number) => translate(language, "workplace.employeeCount", { count });
  const doc = await ReportWriter.create({
    title: `${t(`title.${kind}`)} — ${facts.organization}`,
    language: localeOf(language),
    footer: (page, pages) => t("footer", { organization: facts.organization, page, pages }),
  });

  doc.text("Kindly", { bold: true, size: 13 });
  doc.title(t(`title.${kind}`));
  doc.text(facts.organization, { size: 13, bold: true });
  doc.text(t("period", { from: day(facts.from), to: day(facts.to) }));
  doc.text(t("generated", { date: formatDay(language, facts.generatedAt) }));
  const threshold = { count: MIN_RESPONSES_FOR_RESULTS, step: RESULTS_STEP };
  doc.note(t(`intro.${kind}`, threshold));

  const surveys = () => {
    doc.heading(t("surveys.heading"));
    doc.text(t("surveys.employees", { count: facts.employeesWithAccess }));
    if (facts.surveys.length === 0) doc.text(t("surveys.none"));
    for (const survey of facts.surveys) {
      doc.subheading(t("surveys.period", { from: day(survey.periodStart), to: day(survey.periodEnd) }));
      if (!survey.figures) {
        doc.text(t("surveys.underThreshold", threshold));
        continue;
      }
      const f = survey.figures;
      doc.text(
        t("surveys.responses", { count: f.responses, percent: f.participationPercent, employees: employees(f.employeesWithAccess) }),
      );
      doc.text(t("surveys.overall", { score: decimal(f.overall) }));
      if (survey.trend) doc.text(t(`surveys.trend.${survey.trend}`));
      doc.table(
        [
          [t("surveys.category"), t("surveys.average")],
          ...SURVEY_CATEGORIES.map((c) => [category(c), decimal(f.categoryAverages[c] ?? 0)]),
        ],
        [0.7, 0.3],
      );
    }
    doc.note(t("surveys.anonymity", threshold));
  };

  const risks = () => {
    doc.heading(t("flags.heading"));
    if (facts.redFlags.length === 0) doc.text(t("flags.none"));
    for (const flag of facts.redFlags) {
      doc.subheading(
        t(`flags.flag.${flag.severity === "critical" ? "critical" : "high"}`, {
          category: category(flag.category),
          score: decimal(flag.score),
          period: day(flag.periodStart),
        }),
      );
      if (flag.actions.length === 0) doc.text(t("flags.noAction"));
      for (const action of flag.actions) {
        const outcome =
          action.redFlag?.nextScore != null
            ? t(`flags.outcome.${action.redFlag.outcome}`, { score: decimal(action.redFlag.nextScore) })
            : t("flags.outcome.not_measured");
        doc.bullet(`${action.title} — ${t(`actions.status.${action.status}`)} — ${outcome}`);
        // "You said, we did": what employees read of it, and whether the next survey found it helped.
        if (action.published) {
          doc.bullet(t("flags.published", { date: day(action.published.at), text: action.published.text }));
          doc.bullet(
            action.followUp === null
              ? t("flags.notAskedYet")
              : action.followUp.helped === null
                ? t("flags.helpedPending", { period: day(action.followUp.periodStart) })
                : t("flags.helped", { score: decimal(action.followUp.helped), period: day(action.followUp.periodStart) }),
          );
        }
      }
    }
  };

  const actions = () => {
    const a = facts.actions;
    doc.heading(t("actions.heading"));
    doc.text(
      t("actions.summary", {
        count: a.all.length,
        pending: a.byStatus.pending,
        inProgress: a.byStatus.in_progress,
        completed: a.byStatus.completed,
      }),
    );
    doc.text(t("actions.inPeriod", { created: a.createdInPeriod, completed: a.completedInPeriod }));
    if (a.all.length > 0) {
      doc.table(
        [
          [t("actions.title"), t("actions.priorityLabel"), t("actions.statusLabel"), t("actions.due")],
          ...a.all.map((item) => [
            item.title,
            t(`actions.priority.${item.priority}`),
            t(`actions.status.${item.status}`),
            item.dueOn ? day(item.dueOn) : "—",
          ]),
        ],
        [0.5, 0.15, 0.17, 0.18],
      );
    }
  };

  const committee = () => {
    doc.heading(t("committee.heading"));
    doc.text(t("committee.members", { count: facts.committee.length }));
    if (facts.committee.length > 0) {
      doc.table(
        [
          [t("committee.name"), t("committee.role"), t("committee.elected")],
          ...facts.committee.map((m) => [m.name, translate(language, `workplace.committee.roles.${m.role}`), day(m.elected_date)]),
        ],
        [0.4, 0.35, 0.25],
      );
    }
    doc.text(t("committee.meetings", { count: facts.meetings.length }));
    for (const meeting of facts.meetings) {
      doc.bullet(`${day(meeting.meeting_date)} — ${meeting.title}`);
      if (meeting.key_decisions) doc.text(meeting.key_decisions, { indent: 22, size: 9.5 });
    }
  };

  const policies = () => {
    const ack = facts.policies.acknowledgment;
    doc.heading(t("policies.heading"));
    doc.text(t("policies.active", { count: facts.policies.active }));
    doc.text(
      ack.percent === null
        ? t("policies.noEmployees")
        : t("policies.acknowledged", { count: ack.acknowledged, employees: employees(ack.employees), percent: ack.percent }),
    );
    doc.text(t(ack.compliant ? "policies.compliant" : "policies.notCompliant"));
  };

  const training = () => {
    const c = facts.certificates;
    doc.heading(t("training.heading"));
    for (const kind of ["training", "policy", "harassment", "manager"] as const) {
      doc.bullet(t(`training.${kind}`, { total: c[kind].total, inPeriod: c[kind].inPeriod }));
    }
  };

  const followUp = () => {
    doc.heading(t("followUp.heading"));
    const done = facts.verifications.filter((v) => v.status === "done").length;
    doc.text(t("followUp.verifications", { done, planned: facts.verifications.length }));
    for (const v of facts.verifications) {
      const who = v.responsiblePerson ?? t("followUp.noResponsible");
      doc.bullet(`${day(v.date)} — ${t(`followUp.status.${v.status}`)} — ${who}${v.note ? ` — ${v.note}` : ""}`);
    }
    doc.text(t("followUp.audits", { count: facts.audits.length }));
    for (const audit of facts.audits) {
      doc.bullet(
        t("followUp.audit", {
          date: formatDay(language, new Date(audit.createdAt)),
          average: decimal(audit.average),
          percent: audit.efficiencyPercent,
          level: translate(language, `employer.audit.levels.${audit.level}`),
        }),
      );
    }
  };

  const missing = () => {
    doc.heading(t("missing.heading"));
    if (facts.missing.length === 0) doc.text(t("missing.nothing"));
    for (const item of facts.missing) doc.bullet(t(`missing.${item}`, threshold));
  };

  const sources = () => {
    doc.heading(t("sources.heading"));
    doc.note(t("sources.intro"));
    for (const s of facts.surveys) doc.note(t("sources.survey", { id: s.surveyId, from: s.periodStart, to: s.periodEnd }));
    for (const m of facts.meetings) doc.note(t("sources.meeting", { id: m.id, date: m.meeting_date }));
    for (const v of facts.verifications) doc.note(t("sources.verification", { id: v.id, date: v.date }));
    for (const a of facts.audits) doc.note(t("sources.audit", { id: a.id }));
    doc.note(t("sources.actions", { count: facts.actions.all.length }));
  };

  const order =
    kind === "compliance"
      ? [surveys, risks, actions, committee, policies, training, followUp, missing, sources]
      : [missing, surveys, risks, actions, committee, policies, training, followUp, sources];
  for (const section of order) section();
  if (kind === "cnesst") {
    doc.heading(t("declaration.heading"));
    doc.text(t("declaration.text", { organization: facts.organization }));
    doc.text(t("declaration.signature"));
  }
  return doc.save();
}
