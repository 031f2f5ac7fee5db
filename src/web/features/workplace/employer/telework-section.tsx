import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { inclusionActionInputSchema, type Telework } from "../../../../shared/schemas/compliance.js";
import { Button } from "../../../components/ui/button.js";
import { Card } from "../../../components/ui/card.js";
import { TextField } from "../../../components/ui/field.js";
import { showApiError } from "../../../lib/api-errors.js";
import { formatDay } from "../../../lib/format-day.js";
import { useFieldError } from "../../../lib/use-field-error.js";
import { zodResolver } from "../../../lib/zod-resolver.js";
import { useAddInclusionAction, useTelework } from "./api/compliance.js";
import { QueryState } from "./query-state.js";

type RemoteEmployee = Telework["employees"][number];

function InclusionForm({ organizationId, employee }: { organizationId: string; employee: RemoteEmployee }) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const add = useAddInclusionAction(organizationId);
  const { register, handleSubmit, formState, setError, reset } = useForm({
    resolver: zodResolver(inclusionActionInputSchema),
    defaultValues: { action: "" },
  });
  const submit = handleSubmit(async (input) => {
    try {
      await add.mutateAsync({ userId: employee.userId, action: input.action });
      toast.success(t("employer.telework.added"));
      reset({ action: "" });
    } catch (error) {
      showApiError(error, { form: { setError, fields: ["action"] } });
    }
  });
  return (
    <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-2">
      <div className="min-w-56 flex-1">
        <TextField
          label={t("employer.telework.action", { name: employee.username })}
          placeholder={t("employer.telework.placeholder")}
          error={fieldError(formState.errors.action)}
          {...register("action")}
        />
      </div>
      <Button type="submit" disabled={add.isPending}>
        {t("employer.telework.add")}
      </Button>
    </form>
  );
}

/** Telework: employees who declared remote work, and what the employer does to include them. */
export function TeleworkSection({ organizationId }: { organizationId: string }) {
  const { t, i18n } = useTranslation();
  const telework = useTelework(organizationId);
  return (
    <Card className="space-y-3">
      <h3 className="font-bold">{t("employer.telework.title")}</h3>
      <p className="text-sm text-slate-700">{t("employer.telework.intro")}</p>
      <QueryState query={telework}>
        {(data) =>
          data.employees.length === 0 ? (
            <p className="text-sm text-slate-700">{t("employer.telework.none")}</p>
          ) : (
            <ul className="space-y-3">
              {data.employees.map((employee) => (
                <li key={employee.userId} className="space-y-2 rounded-xl border border-slate-200 p-3">
                  <h4 className="font-semibold">{employee.username}</h4>
                  {employee.actions.length === 0 ? (
                    <p className="text-sm text-slate-600">{t("employer.telework.noActions")}</p>
                  ) : (
                    <ul className="list-disc space-y-1 pl-5 text-sm">
                      {employee.actions.map((action) => (
                        <li key={action.id}>
                          {action.action} <span className="text-slate-600">· {formatDay(action.createdAt, i18n.language, "medium")}</span>
                        </li>
                      ))}
                    </ul>
                  )}
                  <InclusionForm organizationId={organizationId} employee={employee} />
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
    </Card>
  );
}
