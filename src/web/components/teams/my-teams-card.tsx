import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { Footprints, Briefcase } from "lucide-react";
import { useQuery } from "@tanstack/react-query";
import type { MyOrganizations } from "../../../shared/schemas/organizations.js";
import { createTeamInputSchema, joinTeamInputSchema, TEAM_KINDS, type MyTeam, type TeamKind } from "../../../shared/schemas/teams.js";
import { api, errorMessage } from "../../lib/api.js";
import { queryKeys } from "../../lib/query-keys.js";
import { Button, buttonClass } from "../ui/button.js";
import { Card } from "../ui/card.js";
import { SelectField, TextField } from "../ui/field.js";
import { useCreateTeam, useJoinTeam, useMyTeams } from "./teams-api.js";
import { numberFormat } from "../../../shared/i18n/format.js";

import { MemberNameField, useMemberName } from "./member-name-field.js";
import { firstIssue } from "../../lib/first-issue.js";
const ICONS = { walking: Footprints, work: Briefcase } as const;

/** The spec's join form: the team's name and its password, the button live once both are filled. */
function JoinForm({ kind }: { kind: TeamKind }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const join = useJoinTeam();
  const [name, setName] = useState("");
  const [password, setPassword] = useState("");
  const [memberName, setMemberName] = useMemberName();
  const [invalid, setInvalid] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = joinTeamInputSchema.safeParse({ kind, name, password, memberName });
    setInvalid(firstIssue(parsed, t));
    if (parsed.success) join.mutate(parsed.data, { onSuccess: (team) => void navigate(`/teams/${team.id}`) });
  };
  const error = invalid ?? (join.error ? errorMessage(join.error) : null);
  return (
    <form onSubmit={submit} noValidate className="space-y-3" aria-label={t(`teams.joinForm.${kind}`)}>
      <TextField label={t("teams.name")} value={name} onChange={(e) => setName(e.target.value)} autoComplete="off" />
      <TextField
        label={t("teams.password")}
        type="password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        autoComplete="off"
      />
      <MemberNameField value={memberName} onChange={setMemberName} />
      {error && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {error}
        </p>
      )}
      <Button type="submit" disabled={!name.trim() || !password || join.isPending}>
        {join.isPending ? t("teams.joining") : t("teams.join")}
      </Button>
    </form>
  );
}

/** A new team: its name, a password if the owner wants one, and for a work team its organisation if the person has one. */
function CreateForm({ kind, onCancel }: { kind: TeamKind; onCancel: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateTeam();
  const organizations = useQuery({
    queryKey: queryKeys.myOrganizations,
    queryFn: (): Promise<MyOrganizations> => api("/me/organizations"),
    enabled: kind === "work",
  });
  const [name, setName] = useState("");
  const [password, setPassword] = useState("");
  const [organizationId, setOrganizationId] = useState("");
  const [memberName, setMemberName] = useMemberName();
  const [invalid, setInvalid] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = createTeamInputSchema.safeParse({
      kind,
      name,
      memberName,
      ...(password ? { password } : {}),
      ...(organizationId ? { organizationId } : {}),
    });
    setInvalid(firstIssue(parsed, t));
    if (parsed.success) create.mutate(parsed.data, { onSuccess: (team) => void navigate(`/teams/${team.id}`) });
  };
  const error = invalid ?? (create.error ? errorMessage(create.error) : null);
  const mine = organizations.data?.organizations ?? [];
  return (
    <form onSubmit={submit} noValidate className="space-y-3 rounded-xl bg-slate-50 p-3" aria-label={t(`teams.createForm.${kind}`)}>
      <TextField
        label={t("teams.name")}
        value={name}
        onChange={(e) => setName(e.target.value)}
        hint={t("teams.nameHint")}
        autoComplete="off"
      />
      <TextField
        label={t("teams.passwordOptional")}
        type="password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        hint={t("teams.passwordHint")}
        autoComplete="new-password"
      />
      <MemberNameField value={memberName} onChange={setMemberName} />
      {kind === "work" && mine.length > 0 && (
        <SelectField
          label={t("teams.organization")}
          value={organizationId}
          onChange={(e) => setOrganizationId(e.target.value)}
          options={[
            { value: "", label: t("teams.noOrganization") },
            ...mine.map((organization) => ({ value: organization.id, label: organization.name })),
          ]}
        />
      )}
      {error && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? t("teams.creating") : t(`teams.create.${kind}`)}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          {t("common.cancel")}
        </Button>
      </div>
    </form>
  );
}

function TeamSummary({ team }: { team: MyTeam }) {
  const { t, i18n } = useTranslation();
  const number = numberFormat(i18n.language);
  return (
    <div className="space-y-2">
      <p className="text-lg font-semibold text-slate-900">{team.name}</p>
      <p className="text-sm text-slate-700">
        {t("teams.members", { count: team.memberCount, formatted: number.format(team.memberCount) })} ·{" "}
        {t("teams.monthActs", { count: team.monthActs, formatted: number.format(team.monthActs) })}
        {team.rank !== null && <> · {t("teams.rank", { rank: number.format(team.rank) })}</>}
      </p>
      <Link to={`/teams/${team.id}`} className={buttonClass("secondary")}>
        {t("teams.open")}
      </Link>
    </div>
  );
}

function KindSection({ kind, team }: { kind: TeamKind; team: MyTeam | null }) {
  const { t } = useTranslation();
  const [creating, setCreating] = useState(false);
  const Icon = ICONS[kind];
  return (
    <section aria-labelledby={`team-kind-${kind}`} className="py-3">
      <h3 id={`team-kind-${kind}`} className="flex items-center gap-2 font-semibold text-slate-900">
        <Icon size={18} aria-hidden className="text-brand" />
        {t(`teams.kinds.${kind}`)}
      </h3>
      <p className="mb-3 text-sm text-slate-600">{t(`teams.kindHints.${kind}`)}</p>
      {team ? (
        <TeamSummary team={team} />
      ) : creating ? (
        <CreateForm kind={kind} onCancel={() => setCreating(false)} />
      ) : (
        <div className="space-y-3">
          <JoinForm kind={kind} />
          <p className="text-sm text-slate-700">
            {t("teams.orCreate")}{" "}
            <Button variant="secondary" onClick={() => setCreating(true)}>
              {t(`teams.create.${kind}`)}
            </Button>
          </p>
        </div>
      )}
    </section>
  );
}

/** The profile's teams: the person's walking team and work team, or how to join or create each. */
export function MyTeamsCard() {
  const { t } = useTranslation();
  const teams = useMyTeams();
  return (
    <Card aria-labelledby="teams-heading">
      <h2 id="teams-heading" className="text-lg font-bold">
        {t("teams.title")}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t("teams.intro")}</p>
      {teams.isPending && <p className="mt-3 text-sm text-slate-600">{t("common.loading")}</p>}
      {teams.isError && (
        <p role="alert" className="mt-3 text-sm font-medium text-red-700">
          {t("teams.loadFailed")}
        </p>
      )}
      {teams.data && (
        <div className="divide-y divide-slate-100">
          {TEAM_KINDS.map((kind) => (
            <KindSection key={kind} kind={kind} team={teams.data[kind]} />
          ))}
        </div>
      )}
    </Card>
  );
}
