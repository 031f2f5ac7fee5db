import { useEffect, useState } from "react";
import { Copy, QrCode } from "lucide-react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { accessCodeInputSchema, type AccessCode } from "../../../../shared/schemas/workplace.js";
import { MAX_CODE_USES } from "../../../../shared/constants.js";
import { Button } from "../../../components/ui/button.js";
import { Card, LoadingState } from "../../../components/ui/card.js";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog.js";
import { Dialog } from "../../../components/ui/dialog.js";
import { TextField } from "../../../components/ui/field.js";
import { showApiError } from "../../../lib/api-errors.js";
import { formatDay } from "../../../lib/format-day.js";
import { useFieldError } from "../../../lib/use-field-error.js";
import { zodResolver } from "../../../lib/zod-resolver.js";
import { DirectorySection } from "./directory-section.js";
import { SingleSignOnSection } from "./single-sign-on-section.js";
import { SignatorySection } from "./signatory-section.js";
import {
  useAccessCodes,
  useCreateAccessCode,
  useDeactivateAccessCode,
  useEmployeesWithAccess,
  useRemoveEmployeeAccess,
} from "./api/workplace-access.js";
import { useCopyToClipboard } from "../copy-to-clipboard.js";

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
        // The organisation dashboard's set-up checklist brings this field into view ("Create a code").
        id="setup-workplaceCode"
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

/** The link an employee opens to find the code filled in (workplace-page.tsx reads `code`). */
function unlockLink(code: AccessCode): string {
  return `${window.location.origin}/workplace-wellbeing?code=${encodeURIComponent(code.code)}`;
}

/** The code's link as a QR code to show or print: drawn here by `qrcode`, loaded when first asked for. */
function CodeQrDialog({ code, link, onClose }: { code: AccessCode; link: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [image, setImage] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    void import("qrcode").then(({ default: QRCode }) =>
      QRCode.toDataURL(link, { errorCorrectionLevel: "M", margin: 4, width: 480 }).then((url) => current && setImage(url)),
    );
    return () => {
      current = false;
    };
  }, [link]);
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t("workplace.employer.qrTitle", { code: code.code })}
      description={t("workplace.employer.qrHelp")}
    >
      <div className="space-y-3">
        <div className="flex justify-center">
          {image ? (
            <img src={image} alt={t("workplace.employer.qrAlt", { code: code.code })} width={240} height={240} className="h-60 w-60" />
          ) : (
            <div className="h-60 w-60 motion-safe:animate-pulse rounded-lg bg-slate-100" role="status" aria-label={t("common.loading")} />
          )}
        </div>
        <div>
          <p className="text-sm font-semibold">{t("workplace.employer.link")}</p>
          <code className="block break-all rounded bg-slate-100 p-2 text-xs">{link}</code>
        </div>
      </div>
    </Dialog>
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
  const [showing, setShowing] = useState<AccessCode | null>(null);
  const now = Date.now();
  const copyToClipboard = useCopyToClipboard();
  const copyLink = (code: AccessCode) => copyToClipboard(unlockLink(code), t("workplace.employer.linkCopied"));

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
          // A list, not a table: each code's facts wrap on a phone instead of scrolling sideways.
          <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200" aria-labelledby="workplace-codes">
            {codes.data.codes.map((code) => (
              <li key={code.id} className="space-y-2 p-3">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <span className="font-mono text-lg font-semibold tracking-wider">{code.code}</span>
                  <span className="text-sm font-medium">{t(`workplace.employer.${codeStatus(code, now)}`)}</span>
                </div>
                <dl className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
                  <div className="flex gap-1">
                    <dt>{t("workplace.employer.uses")}:</dt>
                    <dd>{t("workplace.employer.usesValue", { uses: code.uses, max: code.maxUses })}</dd>
                  </div>
                  <div className="flex gap-1">
                    <dt>{t("workplace.employer.expires")}:</dt>
                    <dd>{code.expiresAt ? formatDay(code.expiresAt, i18n.language, "medium") : t("workplace.employer.never")}</dd>
                  </div>
                </dl>
                {code.active && (
                  <div className="flex flex-wrap gap-2">
                    <Button
                      variant="secondary"
                      aria-label={t("workplace.employer.copyLinkFor", { code: code.code })}
                      onClick={() => void copyLink(code)}
                    >
                      <Copy size={16} aria-hidden /> {t("workplace.employer.copyLink")}
                    </Button>
                    <Button
                      variant="secondary"
                      aria-label={t("workplace.employer.showQrFor", { code: code.code })}
                      onClick={() => setShowing(code)}
                    >
                      <QrCode size={16} aria-hidden /> {t("workplace.employer.showQr")}
                    </Button>
                    <Button variant="secondary" onClick={() => setToDeactivate(code)}>
                      {t("workplace.employer.deactivate", { code: code.code })}
                    </Button>
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
      {showing && <CodeQrDialog code={showing} link={unlockLink(showing)} onClose={() => setShowing(null)} />}
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
      <SingleSignOnSection organizationId={organizationId} />
      <DirectorySection organizationId={organizationId} />
      <SignatorySection organizationId={organizationId} />
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
