import { useState } from "react";
import { useTranslation } from "react-i18next";
import { memberNameSchema } from "../../../shared/schemas/teams.js";
import { MemberNameField, useMemberName } from "../../components/teams/member-name-field.js";
import { firstIssue } from "../../lib/first-issue.js";
import { useLocation, useNavigate, useParams } from "react-router";
import { Users } from "lucide-react";
import { Button, ButtonLink } from "../../components/ui/button.js";
import { Card, LoadingState, Page, PageTitle } from "../../components/ui/card.js";
import { useInvitePreview, useJoinByInvite } from "../../components/teams/teams-api.js";
import { errorMessage } from "../../lib/api.js";
import { useSession } from "../../lib/session.js";

/**
 * /teams/join/:invite — an invite link someone passed on: the team's name and
 * kind, then one tap to join (after signing in or up, back here).
 */
export default function JoinTeamPage() {
  const { t } = useTranslation();
  const { invite = "" } = useParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { user, isLoading: sessionPending } = useSession();
  const preview = useInvitePreview(invite);
  const join = useJoinByInvite();
  const [memberName, setMemberName] = useMemberName();
  const [invalid, setInvalid] = useState<string | null>(null);
  if (preview.isPending || sessionPending) return <LoadingState label={t("common.loading")} />;
  if (preview.isError)
    return (
      <Page narrow>
        <PageTitle>{t("joinTeam.invalidTitle")}</PageTitle>
        <p role="alert" className="text-slate-700">
          {errorMessage(preview.error)}
        </p>
      </Page>
    );
  const team = preview.data;
  return (
    <Page narrow>
      <PageTitle>{t("joinTeam.title", { name: team.name })}</PageTitle>
      <Card className="space-y-4">
        <p className="flex items-center gap-2 text-slate-800">
          <Users size={20} aria-hidden className="text-brand" />
          {t(`joinTeam.body.${team.kind}`, { name: team.name })}
        </p>
        {user ? (
          <form
            noValidate
            className="space-y-4"
            onSubmit={(event) => {
              event.preventDefault();
              const parsed = memberNameSchema.safeParse(memberName);
              setInvalid(firstIssue(parsed, t));
              if (parsed.success)
                join.mutate(
                  { invite: pathname, memberName: parsed.data },
                  { onSuccess: (joined) => void navigate(`/teams/${joined.id}`, { replace: true }) },
                );
            }}
          >
            <MemberNameField value={memberName} onChange={setMemberName} />
            {(invalid ?? join.error) && (
              <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
                {invalid ?? errorMessage(join.error)}
              </p>
            )}
            <Button type="submit" disabled={join.isPending}>
              {join.isPending ? t("teams.joining") : t("joinTeam.join", { name: team.name })}
            </Button>
          </form>
        ) : (
          <>
            <p className="text-sm text-slate-700">{t("joinTeam.signInFirst")}</p>
            <ButtonLink to={`/auth?redirect=${encodeURIComponent(pathname)}`}>{t("joinTeam.signIn")}</ButtonLink>
          </>
        )}
      </Card>
    </Page>
  );
}
