import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { accessCodeInputSchema, type AccessCode } from "../../../../shared/schemas/workplace.js";
import { MAX_CODE_USES } from "../../../../shared/constants.js";
import { Button } from "../../../components/ui/button.js";
import { Card, LoadingState } from "../../../components/ui/card.js";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog.js";
import { TextField } from "../../../components/ui/field.js";
import { showApiError } from "../../../lib/api-errors.js";
import { formatDay } from "../../../lib/format-day.js";
import { useFieldError } from "../../../lib/use-field-error.js";
import { zodResolver } from "../../../lib/zod-resolver.js";
import {
  useAccessCodes,
  useCreateAccessCode,
  useDeactivateAccessCode,
  useEmployeesWithAccess,
  useRemoveEmployeeAccess,
} from "./api/workplace-access.js";

function codeStatus(code: AccessCode, now: number): "active" | "inactive" | "expired" | "usedUp" {
  if (!code.active) return "inactive";
  if (code.expiresAt && Date.parse(code.expiresAt) <= now) return "expired";
  if (code.uses >= code.maxUses) return "usedUp";
  return "active";
}

function CreateCodeForm({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const create = useCreateAccessCode(organizationId);
  const { register, handleSubmit, formState, setError, reset } = useForm({
    resolver: zodResolver(accessCodeInputSchema),
    defaultValues: { maxUses: 25, expiresOn: null },
  });
  const submit = handleSubmit(async (input) => {
    try {
      await create.mutateAsync(input);
      toast.success(t("workplace.employer.created"));
      reset({ maxUses: 25, expiresOn: null });
    } catch (error) {
      showApiError(error, { form: { setError, fields: ["maxUses", "expiresOn"] } });
    }
  });
  return (
    <form onSubmit={submit} noValidate className="grid items-end gap-3 sm:grid-cols-[1fr_1fr_auto]">
      <TextField
        label={t("workplace.employer.maxUses")}
        type="number"
        min={1}
        max={MAX_CODE_USES}
        error={fieldError(formState.errors.maxUses)}
        {...register("maxUses", { valueAsNumber: true })}
      />
      <TextField
        label={t("workplace.employer.expiresOn")}
        type="date"
        error={fieldError(formState.errors.expiresOn)}
        {...register("expiresOn", { setValueAs: (value: string) => value || null })}
      />
      <Button type="submit" disabled={create.isPending}>
        {create.isPending ? t("workplace.employer.creating") : t("workplace.employer.create")}
      </Button>
    </form>
  );
}

/** Settings: the employer's workplace codes and the employees who hold access (owners and admins). */
export function WorkplaceAccessSection({ organizationId }: { organizationId: string }) {
  const { t, i18n } = useTranslation();
  const codes = useAccessCodes(organizationId);
  const employees = useEmployeesWithAccess(organizationId);
  const deactivate = useDeactivateAccessCode(organizationId);
  const remove = useRemoveEmployeeAccess(organizationId);
  const [toDeactivate, setToDeactivate] = useState<AccessCode | null>(null);
  const [toRemove, setToRemove] = useState<{ userId: string; username: string } | null>(null);
  const now = Date.now();

  return (
    <Card className="space-y-4">
      <div>
        <h2 className="text-lg font-bold">{t("workplace.employer.title")}</h2>
        <p className="text-sm text-slate-700">{t("workplace.employer.intro")}</p>
      </div>
      <section className="space-y-3" aria-labelledby="workplace-codes">
        <h3 id="workplace-codes" className="font-semibold">
          {t("workplace.employer.codes")}
        </h3>
        <CreateCodeForm organizationId={organizationId} />
        {codes.isPending && <LoadingState label={t("common.loading")} />}
        {codes.data?.codes.length === 0 && <p className="text-sm text-slate-700">{t("workplace.employer.noCodes")}</p>}
        {codes.data && codes.data.codes.length > 0 && (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead className="text-slate-600">
                <tr>
                  <th scope="col" className="py-2 pr-3">
                    {t("workplace.employer.code")}
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    {t("workplace.employer.uses")}
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    {t("workplace.employer.expires")}
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    {t("workplace.employer.status")}
                  </th>
                  <th scope="col" className="py-2">
                    <span className="sr-only">{t("workplace.employer.deactivate", { code: "" })}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {codes.data.codes.map((code) => {
                  const status = codeStatus(code, now);
                  return (
                    <tr key={code.id} className="border-t border-slate-100">
                      <td className="py-2 pr-3 font-mono font-semibold tracking-wider">{code.code}</td>
                      <td className="py-2 pr-3">{t("workplace.employer.usesValue", { uses: code.uses, max: code.maxUses })}</td>
                      <td className="py-2 pr-3">
                        {code.expiresAt ? formatDay(code.expiresAt, i18n.language, "medium") : t("workplace.employer.never")}
                      </td>
                      <td className="py-2 pr-3">{t(`workplace.employer.${status}`)}</td>
                      <td className="py-2 text-right">
                        {code.active && (
                          <Button variant="secondary" onClick={() => setToDeactivate(code)}>
                            {t("workplace.employer.deactivate", { code: code.code })}
                          </Button>
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <section className="space-y-2" aria-labelledby="workplace-employees">
        <h3 id="workplace-employees" className="font-semibold">
          {t("workplace.employer.employees")}
        </h3>
        {employees.isPending && <LoadingState label={t("common.loading")} />}
        {employees.data?.employees.length === 0 && <p className="text-sm text-slate-700">{t("workplace.employer.noEmployees")}</p>}
        <ul className="divide-y divide-slate-100">
          {employees.data?.employees.map((employee) => (
            <li key={employee.userId} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span>
                <span className="font-semibold">{employee.username}</span>{" "}
                <span className="text-sm text-slate-600">
                  {t("workplace.employer.since", { date: formatDay(employee.grantedAt, i18n.language, "medium") })}
                </span>
              </span>
              <Button variant="secondary" onClick={() => setToRemove(employee)}>
                {t("workplace.employer.remove", { name: employee.username })}
              </Button>
            </li>
          ))}
        </ul>
      </section>
      <ConfirmDialog
        open={toDeactivate !== null}
        onOpenChange={(open) => !open && setToDeactivate(null)}
        title={t("workplace.employer.deactivateTitle")}
        description={t("workplace.employer.deactivateText", { code: toDeactivate?.code ?? "" })}
        confirmLabel={t("workplace.employer.deactivate", { code: toDeactivate?.code ?? "" })}
        busy={deactivate.isPending}
        onConfirm={() =>
          void deactivate
            .mutateAsync(toDeactivate!.id)
            .then(() => toast.success(t("workplace.employer.deactivated")), showApiError)
            .finally(() => setToDeactivate(null))
        }
      />
      <ConfirmDialog
        open={toRemove !== null}
        onOpenChange={(open) => !open && setToRemove(null)}
        title={t("workplace.employer.removeTitle")}
        description={t("workplace.employer.removeText", { name: toRemove?.username ?? "" })}
        confirmLabel={t("workplace.employer.remove", { name: toRemove?.username ?? "" })}
        busy={remove.isPending}
        onConfirm={() =>
          void remove
            .mutateAsync(toRemove!.userId)
            .then(() => toast.success(t("workplace.employer.removed")), showApiError)
            .finally(() => setToRemove(null))
        }
      />
    </Card>
  );
}
