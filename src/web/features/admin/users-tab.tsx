import { useDeferredValue, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import type { AdminUser } from "../../../shared/schemas/admin.js";
import { ROLES, type Role } from "../../../shared/schemas/roles.js";
import { Button } from "../../components/ui/button.js";
import { Card, LoadingState } from "../../components/ui/card.js";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.js";
import { TextField } from "../../components/ui/field.js";
import { Segmented } from "../../components/ui/segmented.js";
import { showApiError } from "../../lib/api-errors.js";
import { useAdminUsers, useChangeRole, useSetSuspended, type UserOrder } from "./api/users.js";
import { Pager } from "./pager.js";
import { Check } from "lucide-react";
import { dateFormat } from "../../../shared/i18n/format.js";

function UserRow({ user, isMe, onSuspend }: { user: AdminUser; isMe: boolean; onSuspend: () => void }) {
  const { t, i18n } = useTranslation();
  const changeRole = useChangeRole();
  const setSuspended = useSetSuspended();
  const date = dateFormat(i18n.language, { dateStyle: "medium" });
  const roleName = (role: Role) => t(`admin.users.roleNames.${role}`);
  const toggleRole = async (role: Role) => {
    const grant = !user.roles.includes(role);
    try {
      await changeRole.mutateAsync({ userId: user.id, role, grant });
      toast.success(t(grant ? "admin.users.roleGranted" : "admin.users.roleRevoked", { name: user.username, role: roleName(role) }));
    } catch (error) {
      showApiError(error);
    }
  };
  const restore = async () => {
    try {
      await setSuspended.mutateAsync({ userId: user.id, suspended: false });
      toast.success(t("admin.users.restoredToast", { name: user.username }));
    } catch (error) {
      showApiError(error);
    }
  };
  return (
    <li className="space-y-2 py-3 text-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-semibold">
          {user.username}
          {user.isOfficial && (
            <span className="ml-2 rounded-full bg-rose-100 px-2 py-0.5 text-xs text-rose-900">{t("admin.users.official")}</span>
          )}
          {user.suspended && (
            <span className="ml-2 rounded-full bg-red-100 px-2 py-0.5 text-xs text-red-800">{t("admin.users.suspended")}</span>
          )}
        </p>
        <span className="tabular-nums">{t("admin.users.acts", { count: user.totalActs })}</span>
      </div>
      {/* A long address may break anywhere; the date never breaks inside a number. */}
      <p className="text-slate-700">
        <span className="break-all">{user.email}</span>
        {user.country && ` · ${user.country}`} ·{" "}
        <span className="whitespace-nowrap">{t("admin.users.joined", { date: date.format(new Date(user.createdAt)) })}</span>
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-slate-700">{t("admin.users.roles")}:</span>
        {ROLES.map((role) => (
          <Button
            key={role}
            variant="secondary"
            aria-pressed={user.roles.includes(role)}
            className="min-h-9 px-3 py-1 aria-pressed:bg-brand aria-pressed:text-white"
            disabled={changeRole.isPending}
            onClick={() => void toggleRole(role)}
            aria-label={t(user.roles.includes(role) ? "admin.users.revoke" : "admin.users.grant", {
              role: roleName(role),
              name: user.username,
            })}
          >
            {/* Set or not, shown by more than colour: a check mark when the person has the role. */}
            {user.roles.includes(role) && <Check size={14} aria-hidden />}
            {roleName(role)}
          </Button>
        ))}
        {!user.isOfficial &&
          !isMe &&
          (user.suspended ? (
            <Button variant="secondary" onClick={() => void restore()} disabled={setSuspended.isPending}>
              {t("admin.users.restore", { name: user.username })}
            </Button>
          ) : (
            <Button variant="danger" onClick={onSuspend}>
              {t("admin.users.suspend", { name: user.username })}
            </Button>
          ))}
      </div>
    </li>
  );
}

/** The top members by acts (or the newest), a search by the start of a username or an address, roles and suspension. */
export function UsersTab({ currentUserId }: { currentUserId: string }) {
  const { t } = useTranslation();
  const [query, setQuery] = useState("");
  const [order, setOrder] = useState<UserOrder>("acts");
  const [page, setPage] = useState(1);
  const [suspending, setSuspending] = useState<AdminUser | null>(null);
  const search = useDeferredValue(query.trim());
  const users = useAdminUsers(search, order, page);
  const setSuspended = useSetSuspended();
  const suspend = async () => {
    if (!suspending) return;
    try {
      await setSuspended.mutateAsync({ userId: suspending.id, suspended: true });
      toast.success(t("admin.users.suspendedToast", { name: suspending.username }));
    } catch (error) {
      showApiError(error);
    } finally {
      setSuspending(null);
    }
  };
  return (
    <section aria-labelledby="users-title" className="space-y-4">
      <h2 id="users-title" className="text-xl font-bold">
        {t("admin.users.title")}
      </h2>
      <Card className="space-y-3">
        <TextField label={t("admin.users.search")} type="search" value={query} onChange={(e) => (setQuery(e.target.value), setPage(1))} />
        {!search && (
          <Segmented
            label={t("admin.users.order")}
            value={order}
            onChange={(value) => (setOrder(value), setPage(1))}
            options={[
              { value: "acts", label: t("admin.users.orderActs") },
              { value: "newest", label: t("admin.users.orderNewest") },
            ]}
          />
        )}
        {users.isPending ? (
          <LoadingState label={t("common.loading")} />
        ) : users.error ? (
          <p role="alert">{t("admin.loadFailed")}</p>
        ) : users.data.items.length === 0 ? (
          <p className="text-slate-700">{search ? t("admin.users.none") : t("admin.users.emptyActs")}</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {users.data.items.map((user) => (
              <UserRow key={user.id} user={user} isMe={user.id === currentUserId} onSuspend={() => setSuspending(user)} />
            ))}
          </ul>
        )}
        {users.data && <Pager page={page} hasMore={users.data.hasMore} onPage={setPage} label={t("admin.users.title")} />}
      </Card>
      <ConfirmDialog
        open={suspending !== null}
        onOpenChange={(open) => !open && setSuspending(null)}
        title={t("admin.users.suspendTitle", { name: suspending?.username ?? "" })}
        description={t("admin.users.suspendBody")}
        confirmLabel={t("admin.users.suspend", { name: suspending?.username ?? "" })}
        onConfirm={() => void suspend()}
        busy={setSuspended.isPending}
      />
    </section>
  );
}
