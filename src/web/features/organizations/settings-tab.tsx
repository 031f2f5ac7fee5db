import { Suspense, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import {
  INDUSTRIES,
  MEMBER_ROLES,
  ORGANIZATION_TYPES,
  inviteMemberSchema,
  organizationSettingsSchema,
  type MemberRole,
  type OrganizationSettingsInput,
  type OrganizationView,
} from "../../../shared/schemas/organizations.js";
import { Button } from "../../components/ui/button.js";
import { Card, LoadingState } from "../../components/ui/card.js";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.js";
import { SelectField, TextField } from "../../components/ui/field.js";
import { showApiError } from "../../lib/api-errors.js";
import { errorMessage } from "../../lib/api.js";
import { useSession } from "../../lib/session.js";
import { useFieldError } from "../../lib/use-field-error.js";
import { zodResolver } from "../../lib/zod-resolver.js";
import { useCancelInvitation, useChangeRole, useInviteMember, useMembers, useRemoveMember } from "./api/members.js";
import { useLogo, useUpdateSettings } from "./api/organization.js";
import type { DashboardSlots } from "./dashboard-slots.js";
import { setupTargetId } from "./setup-checklist.js";

function OrganizationForm({ organization, canManage }: { organization: OrganizationView; canManage: boolean }) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const update = useUpdateSettings(organization.id);
  const { register, handleSubmit, formState } = useForm<OrganizationSettingsInput>({
    resolver: zodResolver(organizationSettingsSchema),
    defaultValues: {
      name: organization.name,
      type: organization.type,
      industry: (organization.industry as OrganizationSettingsInput["industry"]) ?? null,
    },
  });
  const submit = handleSubmit(async (input) => {
    try {
      await update.mutateAsync({ ...input, industry: input.industry || null });
      toast.success(t("dashboard.settings.saved"));
    } catch (error) {
      showApiError(error);
    }
  });
  return (
    <Card>
      <h2 className="text-lg font-bold">{t("dashboard.settings.organization")}</h2>
      <form onSubmit={submit} noValidate className="mt-3 space-y-4">
        <fieldset disabled={!canManage} className="space-y-4">
          <TextField label={t("dashboard.settings.name")} error={fieldError(formState.errors.name)} {...register("name")} />
          <div className="grid gap-3 sm:grid-cols-2">
            <SelectField
              label={t("registerOrganization.type")}
              options={ORGANIZATION_TYPES.map((v) => ({ value: v, label: t(`organizationTypes.${v}`) }))}
              {...register("type")}
            />
            <SelectField
              label={t("registerOrganization.industry")}
              placeholder={t("registerOrganization.choose")}
              options={INDUSTRIES.map((v) => ({ value: v, label: t(`industries.${v}`) })).sort((a, b) => a.label.localeCompare(b.label))}
              {...register("industry", { setValueAs: (v: string) => v || null })}
            />
          </div>
        </fieldset>
        {canManage ? (
          <Button type="submit" disabled={formState.isSubmitting}>
            {formState.isSubmitting ? t("common.saving") : t("common.save")}
          </Button>
        ) : (
          <p className="text-sm text-slate-700">{t("dashboard.settings.readOnly")}</p>
        )}
      </form>
    </Card>
  );
}

/** The organisation's logo: shown, replaced or removed (owners and admins); the server checks the file itself. */
function LogoCard({ organization, canManage }: { organization: OrganizationView; canManage: boolean }) {
  const { t } = useTranslation();
  const { upload, remove } = useLogo(organization.id);
  const [confirmRemove, setConfirmRemove] = useState(false);
  // Why a file was refused stays in view until the next choice (a toast would be gone before it is read).
  const [refusal, setRefusal] = useState<string | null>(null);
  const choose = async (file: File | undefined) => {
    if (!file) return;
    setRefusal(null);
    try {
      await upload.mutateAsync(file);
      toast.success(t("dashboard.settings.logoSaved"));
    } catch (error) {
      setRefusal(errorMessage(error));
    }
  };
  const doRemove = async () => {
    try {
      await remove.mutateAsync();
      toast.success(t("dashboard.settings.logoRemoved"));
    } catch (error) {
      showApiError(error);
    }
    setConfirmRemove(false);
  };
  return (
    <Card>
      <h2 className="text-lg font-bold">{t("dashboard.settings.logo")}</h2>
      <p className="mt-1 text-sm text-slate-700">{t("dashboard.settings.logoHelp")}</p>
      <div className="mt-3 flex flex-wrap items-center gap-4">
        {organization.logoUrl ? (
          <img
            src={organization.logoUrl}
            alt={t("dashboard.settings.logoAlt", { name: organization.name })}
            className="h-20 max-w-48 rounded border border-slate-200 bg-white object-contain p-1"
          />
        ) : (
          <p className="text-sm text-slate-700">{t("dashboard.settings.logoNone")}</p>
        )}
        {canManage && (
          <div className="flex flex-wrap gap-2">
            <label className="inline-flex min-h-11 cursor-pointer items-center rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-semibold focus-within:ring-2 focus-within:ring-rose-500 hover:bg-slate-50">
              {upload.isPending ? t("dashboard.settings.logoUploading") : t("dashboard.settings.logoChoose")}
              <input
                type="file"
                accept="image/png,image/jpeg,image/webp"
                className="sr-only"
                disabled={upload.isPending}
                onChange={(e) => {
                  void choose(e.target.files?.[0]);
                  e.target.value = "";
                }}
              />
            </label>
            {organization.logoUrl && (
              <Button variant="ghost" onClick={() => setConfirmRemove(true)}>
                {t("dashboard.settings.logoRemove")}
              </Button>
            )}
          </div>
        )}
      </div>
      {refusal && (
        <p role="alert" className="mt-2 text-sm font-medium text-red-700">
          {refusal}
        </p>
      )}
      <ConfirmDialog
        open={confirmRemove}
        onOpenChange={setConfirmRemove}
        title={t("dashboard.settings.logoRemove")}
        description={t("dashboard.settings.logoHelp")}
        confirmLabel={t("dashboard.settings.logoRemove")}
        onConfirm={doRemove}
        busy={remove.isPending}
      />
    </Card>
  );
}

function Members({ organization, canManage }: { organization: OrganizationView; canManage: boolean }) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const { user } = useSession();
  const members = useMembers(organization.id);
  const invite = useInviteMember(organization.id);
  const changeRole = useChangeRole(organization.id);
  const remove = useRemoveMember(organization.id);
  const cancel = useCancelInvitation(organization.id);
  const [removing, setRemoving] = useState<{ userId: string; username: string } | null>(null);
  const form = useForm<{ email: string; role: MemberRole }>({
    resolver: zodResolver(inviteMemberSchema),
    defaultValues: { email: "", role: "business" },
  });
  const isOwner = organization.myRole === "owner" || (user?.isOfficial ?? false);
  const roleOptions = MEMBER_ROLES.filter((r) => r !== "owner" || isOwner).map((r) => ({
    value: r,
    label: t(`dashboard.settings.roles.${r}`),
  }));
  const submitInvite = form.handleSubmit(async (input) => {
    try {
      const answer = await invite.mutateAsync(input);
      toast.success(t(answer.status === "added" ? "dashboard.settings.added" : "dashboard.settings.invited", { email: input.email }));
      form.reset({ email: "", role: input.role });
    } catch (error) {
      showApiError(error);
    }
  });
  const confirmRemove = async () => {
    try {
      await remove.mutateAsync(removing!.userId);
      toast.success(t("dashboard.settings.removed", { username: removing!.username }));
    } catch (error) {
      showApiError(error);
    }
    setRemoving(null);
  };
  if (members.isPending) return <LoadingState label={t("common.loading")} />;
  if (members.error) return <Card role="alert">{t("dashboard.loadFailed")}</Card>;
  return (
    <Card className="space-y-4">
      <h2 className="text-lg font-bold">{t("dashboard.settings.members")}</h2>
      <ul className="divide-y divide-slate-100">
        {members.data.members.map((member) => {
          const mayEdit = canManage && (member.role !== "owner" || isOwner);
          return (
            <li key={member.userId} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span className="text-sm">
                <strong>{member.username}</strong> <span className="text-slate-600">{member.email}</span>
              </span>
              <div className="flex items-end gap-2">
                {mayEdit ? (
                  <div className="w-40">
                    <SelectField
                      label={t("dashboard.settings.roleOf", { username: member.username })}
                      value={member.role}
                      options={
                        member.role === "owner"
                          ? MEMBER_ROLES.map((r) => ({ value: r, label: t(`dashboard.settings.roles.${r}`) }))
                          : roleOptions
                      }
                      onChange={(e) =>
                        changeRole
                          .mutateAsync({ memberId: member.userId, role: e.target.value as MemberRole })
                          .catch((error: unknown) => showApiError(error))
                      }
                    />
                  </div>
                ) : (
                  <span className="rounded-full bg-slate-100 px-3 py-1 text-sm font-semibold">
                    {t(`dashboard.settings.roles.${member.role}`)}
                  </span>
                )}
                {(mayEdit || member.userId === user?.id) && (
                  <Button
                    variant="ghost"
                    onClick={() => setRemoving(member)}
                    aria-label={
                      member.userId === user?.id
                        ? t("dashboard.settings.leave")
                        : t("dashboard.settings.removeMember", { username: member.username })
                    }
                  >
                    {member.userId === user?.id ? t("dashboard.settings.leave") : t("dashboard.settings.remove")}
                  </Button>
                )}
              </div>
            </li>
          );
        })}
      </ul>
      {members.data.invitations.length > 0 && (
        <div>
          <h3 className="font-semibold">{t("dashboard.settings.pending")}</h3>
          <ul className="mt-1 space-y-1 text-sm">
            {members.data.invitations.map((invitation) => (
              <li key={invitation.id} className="flex flex-wrap items-center justify-between gap-2">
                <span>
                  {invitation.email} · {t(`dashboard.settings.roles.${invitation.role}`)}
                </span>
                {canManage && (
                  <Button variant="ghost" onClick={() => cancel.mutateAsync(invitation.id).catch((error: unknown) => showApiError(error))}>
                    {t("dashboard.settings.cancelInvitation")}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
      {canManage && (
        <form onSubmit={submitInvite} noValidate className="grid gap-3 sm:grid-cols-[1fr_10rem_auto] sm:items-end">
          <TextField
            id={setupTargetId("member")}
            label={t("dashboard.settings.inviteEmail")}
            type="email"
            autoComplete="off"
            error={fieldError(form.formState.errors.email)}
            {...form.register("email")}
          />
          <SelectField label={t("dashboard.settings.role")} options={roleOptions} {...form.register("role")} />
          <Button type="submit" disabled={form.formState.isSubmitting}>
            {t("dashboard.settings.invite")}
          </Button>
        </form>
      )}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={
          removing?.userId === user?.id
            ? t("dashboard.settings.leaveTitle")
            : t("dashboard.settings.removeTitle", { username: removing?.username ?? "" })
        }
        description={t("dashboard.settings.removeBody")}
        confirmLabel={removing?.userId === user?.id ? t("dashboard.settings.leave") : t("dashboard.settings.remove")}
        onConfirm={confirmRemove}
        busy={remove.isPending}
      />
    </Card>
  );
}

export function SettingsTab({
  organization,
  WorkplaceAccess,
}: {
  organization: OrganizationView;
  WorkplaceAccess: DashboardSlots["WorkplaceAccess"];
}) {
  const { user } = useSession();
  const { t } = useTranslation();
  const canManage = organization.myRole === "owner" || organization.myRole === "admin" || (user?.isOfficial ?? false);
  return (
    <div className="space-y-4">
      <OrganizationForm organization={organization} canManage={canManage} />
      <LogoCard organization={organization} canManage={canManage} />
      <Members organization={organization} canManage={canManage} />
      {canManage && (
        <Suspense fallback={<LoadingState label={t("common.loading")} />}>
          <WorkplaceAccess organizationId={organization.id} />
        </Suspense>
      )}
    </div>
  );
}
