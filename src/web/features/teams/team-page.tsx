import { memberNameSchema } from "../../../shared/schemas/teams.js";
import { MemberNameField } from "../../components/teams/member-name-field.js";
import { firstIssue } from "../../lib/first-issue.js";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import { Check, Copy, Flag, PartyPopper, Share2 } from "lucide-react";
import { toast } from "sonner";
import { TEAM_TARGET_MAX, TEAM_TARGET_MIN } from "../../../shared/constants.js";
import { renameTeamInputSchema, teamPasswordSchema, type Team, type TeamMember } from "../../../shared/schemas/teams.js";
import { Button } from "../../components/ui/button.js";
import { Card, LoadingState, Page, PageTitle } from "../../components/ui/card.js";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.js";
import { TextField } from "../../components/ui/field.js";
import { ProgressBar } from "../../components/ui/progress-bar.js";
import { StatTile } from "../../components/ui/stat-tile.js";
import { useTeam, useTeamActions } from "../../components/teams/teams-api.js";
import { api, errorMessage } from "../../lib/api.js";
import { showApiError } from "../../lib/api-errors.js";
import { useSession } from "../../lib/session.js";
import { numberFormat } from "../../../shared/i18n/format.js";

type Actions = ReturnType<typeof useTeamActions>;

/** This month's challenge: the team's acts against members × the per-member target, and a celebration once reached. */
function Challenge({ team }: { team: Team }) {
  const { t, i18n } = useTranslation();
  const challenge = team.challenge;
  if (!challenge) return null;
  const number = numberFormat(i18n.language);
  const words = t("teamPage.challengeProgress", {
    acts: number.format(challenge.acts),
    goal: number.format(challenge.goal),
    count: challenge.goal,
    target: number.format(challenge.target),
  });
  return (
    <Card className="mt-4" aria-labelledby="challenge-heading">
      <h2 id="challenge-heading" className="text-lg font-bold">
        {t("teamPage.challenge")}
      </h2>
      <p className="mt-1 text-slate-700">{words}</p>
      <div className="mt-2">
        <ProgressBar value={challenge.acts} max={challenge.goal} label={t("teamPage.challenge")} valueText={words} />
      </div>
      {challenge.reached && (
        <p
          className="mt-3 flex items-center gap-2 rounded-xl bg-emerald-50 p-3 font-semibold text-emerald-900"
          data-testid="challenge-reached"
        >
          <PartyPopper size={20} aria-hidden />
          {t("teamPage.challengeReached")}
        </p>
      )}
    </Card>
  );
}

/** Members may pass the invite link on: copied, or through the phone's share sheet. */
function Invite({ team }: { team: Team }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  if (!team.me.invitePath) return null;
  const link = `${window.location.origin}${team.me.invitePath}`;
  const share = async () => {
    if (navigator.share) {
      await navigator.share({ title: team.name, text: t("teamPage.inviteText", { name: team.name }), url: link }).catch(() => undefined);
      return;
    }
    await navigator.clipboard.writeText(link);
    setCopied(true);
  };
  return (
    <Card className="mt-4" aria-labelledby="invite-heading">
      <h2 id="invite-heading" className="text-lg font-bold">
        {t("teamPage.invite")}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{t(team.me.hasPassword ? "teamPage.inviteWithPassword" : "teamPage.inviteOnly")}</p>
      <TextField label={t("teamPage.inviteLink")} value={link} readOnly onFocus={(e) => e.target.select()} />
      <div className="mt-2 flex flex-wrap gap-2">
        <Button
          variant="secondary"
          onClick={() =>
            void navigator.clipboard.writeText(link).then(
              () => setCopied(true),
              () => toast.error(t("teamPage.copyFailed")),
            )
          }
        >
          {copied ? <Check size={16} aria-hidden /> : <Copy size={16} aria-hidden />}
          {copied ? t("teamPage.copied") : t("teamPage.copy")}
        </Button>
        <Button variant="secondary" onClick={() => void share()}>
          <Share2 size={16} aria-hidden />
          {t("teamPage.share")}
        </Button>
      </div>
    </Card>
  );
}

/** The name I go by in this team, changed in place (only the members see it). */
function MyNameInTeam({ current, actions }: { current: string; actions: Actions }) {
  const { t } = useTranslation();
  const { user } = useSession();
  // Shown under a pseudonym (no name chosen, username hidden from the boards): start from the username instead.
  const [name, setName] = useState(current.startsWith("Kindly #") ? (user?.username ?? "") : current);
  const [invalid, setInvalid] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  return (
    <details className="mt-1 text-sm" open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="cursor-pointer font-semibold text-brand-dark underline">{t("teamPage.myName")}</summary>
      <form
        noValidate
        className="mt-2 space-y-2"
        onSubmit={(event) => {
          event.preventDefault();
          const parsed = memberNameSchema.safeParse(name);
          setInvalid(firstIssue(parsed, t));
          if (parsed.success)
            actions.renameMe.mutate(parsed.data, {
              onSuccess: () => {
                setOpen(false);
                toast.success(t("teamPage.myNameSaved", { name: parsed.data }));
              },
              onError: (error) => showApiError(error),
            });
        }}
      >
        <MemberNameField value={name} onChange={setName} />
        {invalid && (
          <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
            {invalid}
          </p>
        )}
        <Button type="submit" disabled={actions.renameMe.isPending}>
          {t("teamPage.myNameSave")}
        </Button>
      </form>
    </details>
  );
}

function MemberRow({ member, team, actions }: { member: TeamMember; team: Team; actions: Actions }) {
  const { t, i18n } = useTranslation();
  const number = numberFormat(i18n.language);
  const [confirm, setConfirm] = useState<"remove" | "owner" | null>(null);
  const run = (mutation: Actions["remove"] | Actions["handOver"], done: string) =>
    mutation.mutate(member.key, {
      onSuccess: () => {
        setConfirm(null);
        toast.success(done);
      },
      onError: (error) => showApiError(error),
    });
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-2">
      <span>
        <span className="font-medium text-slate-900">{member.name}</span>
        {member.isMe && (
          <span className="ml-2 rounded-full bg-brand px-2 py-0.5 text-xs font-bold text-white">{t("leaderboards.you")}</span>
        )}
        {member.isOwner && (
          <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">{t("teamPage.owner")}</span>
        )}
        <span className="block text-sm text-slate-600">
          {t("teams.monthActs", { count: member.monthActs, formatted: number.format(member.monthActs) })}
        </span>
        {member.isMe && <MyNameInTeam current={member.name} actions={actions} />}
      </span>
      {team.me.owner && !member.isMe && (
        <span className="flex flex-wrap gap-2">
          <Button variant="ghost" aria-label={t("teamPage.makeOwnerOf", { name: member.name })} onClick={() => setConfirm("owner")}>
            {t("teamPage.makeOwner")}
          </Button>
          <Button variant="ghost" aria-label={t("teamPage.removeMemberNamed", { name: member.name })} onClick={() => setConfirm("remove")}>
            {t("teamPage.removeMember")}
          </Button>
        </span>
      )}
      <ConfirmDialog
        open={confirm === "remove"}
        onOpenChange={(open) => !open && setConfirm(null)}
        title={t("teamPage.removeTitle", { name: member.name })}
        description={t("teamPage.removeBody")}
        confirmLabel={t("teamPage.removeMember")}
        busy={actions.remove.isPending}
        onConfirm={() => run(actions.remove, t("teamPage.removed", { name: member.name }))}
      />
      <ConfirmDialog
        open={confirm === "owner"}
        onOpenChange={(open) => !open && setConfirm(null)}
        title={t("teamPage.makeOwnerTitle", { name: member.name })}
        description={t("teamPage.makeOwnerBody")}
        confirmLabel={t("teamPage.makeOwner")}
        busy={actions.handOver.isPending}
        onConfirm={() => run(actions.handOver, t("teamPage.handedOver", { name: member.name }))}
      />
    </li>
  );
}

/** The owner's settings: the name, the password (and so the invite link), the monthly challenge. */
function OwnerSettings({ team, actions }: { team: Team; actions: Actions }) {
  const { t } = useTranslation();
  const [name, setName] = useState(team.name);
  const [password, setPassword] = useState("");
  const [target, setTarget] = useState(String(team.challenge?.target ?? ""));
  const [invalid, setInvalid] = useState<{ field: string; message: string } | null>(null);
  const fail = (field: string) => (error: unknown) => setInvalid({ field, message: errorMessage(error) });
  const rename = (event: FormEvent) => {
    event.preventDefault();
    const parsed = renameTeamInputSchema.safeParse({ name });
    if (!parsed.success) return setInvalid({ field: "name", message: t(parsed.error.issues[0]!.message as never) });
    setInvalid(null);
    actions.rename.mutate(parsed.data.name, { onSuccess: () => toast.success(t("teamPage.renamed")), onError: fail("name") });
  };
  const changePassword = (event: FormEvent, next: string | null) => {
    event.preventDefault();
    if (next !== null) {
      const parsed = teamPasswordSchema.safeParse(next);
      if (!parsed.success) return setInvalid({ field: "password", message: t(parsed.error.issues[0]!.message as never) });
    }
    setInvalid(null);
    actions.setPassword.mutate(next, {
      onSuccess: () => {
        setPassword("");
        toast.success(t(next === null ? "teamPage.passwordRemoved" : "teamPage.passwordChanged"));
      },
      onError: fail("password"),
    });
  };
  const saveChallenge = (event: FormEvent, next: number | null) => {
    event.preventDefault();
    if (next !== null && (!Number.isInteger(next) || next < TEAM_TARGET_MIN || next > TEAM_TARGET_MAX)) {
      return setInvalid({ field: "target", message: t("validation.teamTargetRange") });
    }
    setInvalid(null);
    actions.setChallenge.mutate(next, {
      onSuccess: () => toast.success(t(next === null ? "teamPage.challengeOff" : "teamPage.challengeSaved")),
      onError: fail("target"),
    });
  };
  const errorFor = (field: string) => (invalid?.field === field ? invalid.message : undefined);
  return (
    <Card className="mt-4 space-y-6" aria-labelledby="settings-heading">
      <h2 id="settings-heading" className="text-lg font-bold">
        {t("teamPage.settings")}
      </h2>
      <form onSubmit={rename} noValidate className="space-y-2">
        <TextField label={t("teams.name")} value={name} onChange={(e) => setName(e.target.value)} error={errorFor("name")} />
        <Button type="submit" variant="secondary" disabled={actions.rename.isPending}>
          {t("teamPage.rename")}
        </Button>
      </form>
      <form onSubmit={(event) => changePassword(event, password)} noValidate className="space-y-2">
        <TextField
          label={t(team.me.hasPassword ? "teamPage.newPassword" : "teamPage.setPassword")}
          type="password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          hint={t("teamPage.passwordChangesLink")}
          error={errorFor("password")}
          autoComplete="new-password"
        />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" variant="secondary" disabled={!password || actions.setPassword.isPending}>
            {t("teamPage.savePassword")}
          </Button>
          {team.me.hasPassword && (
            <Button variant="ghost" onClick={(event) => changePassword(event, null)} disabled={actions.setPassword.isPending}>
              {t("teamPage.removePassword")}
            </Button>
          )}
        </div>
      </form>
      <form onSubmit={(event) => saveChallenge(event, Number(target))} noValidate className="space-y-2">
        <TextField
          label={t("teamPage.target")}
          type="number"
          inputMode="numeric"
          min={TEAM_TARGET_MIN}
          max={TEAM_TARGET_MAX}
          value={target}
          onChange={(e) => setTarget(e.target.value)}
          hint={t("teamPage.targetHint")}
          error={errorFor("target")}
        />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" variant="secondary" disabled={!target || actions.setChallenge.isPending}>
            {t("teamPage.saveChallenge")}
          </Button>
          {team.challenge && (
            <Button variant="ghost" onClick={(event) => saveChallenge(event, null)} disabled={actions.setChallenge.isPending}>
              {t("teamPage.stopChallenge")}
            </Button>
          )}
        </div>
      </form>
    </Card>
  );
}

function ReportName({ team }: { team: Team }) {
  const { t } = useTranslation();
  const [sent, setSent] = useState(false);
  const report = () =>
    void api(`/teams/${encodeURIComponent(team.id)}/reports`, { method: "POST", body: { reason: "inappropriate" } }).then(
      () => setSent(true),
      (error: unknown) => showApiError(error),
    );
  if (sent)
    return (
      <p role="status" className="mt-4 text-sm text-slate-700">
        {t("teamPage.reported")}
      </p>
    );
  return (
    <Button variant="ghost" className="mt-4" onClick={report}>
      <Flag size={16} aria-hidden />
      {t("teamPage.reportName")}
    </Button>
  );
}

function TeamView({ team }: { team: Team }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { user } = useSession();
  const actions = useTeamActions(team.id);
  const [leaving, setLeaving] = useState(false);
  const number = numberFormat(i18n.language);
  const leave = () =>
    actions.leave.mutate(undefined, {
      onSuccess: () => {
        toast.success(t("teamPage.left", { name: team.name }));
        void navigate("/profile#teams-heading");
      },
      onError: (error) => showApiError(error),
    });
  return (
    <Page narrow>
      <PageTitle intro={team.organizationName ? t("teamPage.ofOrganization", { organization: team.organizationName }) : undefined}>
        {team.name}
      </PageTitle>
      <p className="-mt-2 mb-4 text-sm font-semibold text-brand-dark">
        {t(`teams.kinds.${team.kind}`)} · {t("teams.members", { count: team.memberCount, formatted: number.format(team.memberCount) })}
      </p>
      {team.closed && (
        <p role="status" className="mb-4 rounded-xl bg-slate-100 p-3 text-slate-800">
          {t("teamPage.closed")}
        </p>
      )}
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <StatTile label={t("teamPage.thisMonth")} value={number.format(team.counts.monthly)} />
        <StatTile label={t("teamPage.thisYear")} value={number.format(team.counts.yearly)} />
        <StatTile label={t("teamPage.allTime")} value={number.format(team.counts.allTime)} />
        <StatTile label={t("teamPage.rankThisMonth")} value={team.rank === null ? "—" : number.format(team.rank)} />
      </dl>
      {/* What counts: friends who scanned before joining see 0 and wonder why (issue 60 §5). */}
      <p className="mt-2 text-sm text-slate-700" data-testid="team-counts-from">
        {t("teamPage.countsFrom")}
      </p>
      <Challenge team={team} />
      {team.members && (
        <Card className="mt-4" aria-labelledby="members-heading">
          <h2 id="members-heading" className="text-lg font-bold">
            {t("teamPage.membersTitle")}
          </h2>
          <ul className="divide-y divide-slate-100">
            {team.members.map((member) => (
              <MemberRow key={member.key} member={member} team={team} actions={actions} />
            ))}
          </ul>
        </Card>
      )}
      <Invite team={team} />
      {team.me.owner && <OwnerSettings team={team} actions={actions} />}
      {team.me.member && (
        <>
          <Button variant="danger" className="mt-4" onClick={() => setLeaving(true)}>
            {t("teamPage.leave")}
          </Button>
          <ConfirmDialog
            open={leaving}
            onOpenChange={setLeaving}
            title={t("teamPage.leaveTitle", { name: team.name })}
            description={t(team.memberCount === 1 ? "teamPage.leaveLast" : team.me.owner ? "teamPage.leaveOwner" : "teamPage.leaveBody")}
            confirmLabel={t("teamPage.leave")}
            busy={actions.leave.isPending}
            onConfirm={leave}
          />
        </>
      )}
      {user && !team.me.owner && !team.closed && <ReportName team={team} />}
    </Page>
  );
}

/** /teams/:id: a team's counts, its challenge, and for its members who is in it and how to bring others. */
export default function TeamPage() {
  const { t } = useTranslation();
  const { teamId = "" } = useParams();
  const team = useTeam(teamId);
  if (team.isPending) return <LoadingState label={t("common.loading")} />;
  if (team.isError)
    return (
      <Page narrow>
        <PageTitle>{t("teamPage.notFoundTitle")}</PageTitle>
        <p role="alert" className="text-slate-700">
          {errorMessage(team.error)}
        </p>
      </Page>
    );
  return <TeamView team={team.data} />;
}
