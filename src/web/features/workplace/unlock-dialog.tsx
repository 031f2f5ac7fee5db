import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { unlockInputSchema } from "../../../shared/schemas/workplace.js";
import { ACCESS_CODE_MAX_LENGTH } from "../../../shared/constants.js";
import { Button } from "../../components/ui/button.js";
import { Dialog } from "../../components/ui/dialog.js";
import { TextField } from "../../components/ui/field.js";
import { ApiError } from "../../lib/api.js";
import { showApiError } from "../../lib/api-errors.js";
import { useUnlock } from "./api/workplace.js";

/**
 * "Unlock workplace well-being": the employer's code, upper case, at most 20
 * characters; filled in already when the employee came by the employer's
 * link (/workplace-wellbeing?code=…).
 */
export function UnlockDialog({
  open,
  onOpenChange,
  initialCode = "",
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initialCode?: string;
}) {
  const { t } = useTranslation();
  const unlock = useUnlock();
  const [code, setCode] = useState(initialCode);
  const [error, setError] = useState<string | undefined>();

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = unlockInputSchema.safeParse({ code });
    if (!parsed.success) {
      setError(t("workplaceValidation.codeRequired"));
      toast.error(t("workplace.unlock.codeRequired"), { description: t("workplaceValidation.codeRequired") });
      return;
    }
    setError(undefined);
    try {
      await unlock.mutateAsync(parsed.data.code);
      toast.success(t("workplace.unlock.success"), { description: t("workplace.unlock.successText") });
      setCode("");
      onOpenChange(false);
    } catch (failure) {
      if (failure instanceof ApiError && failure.code !== "rate_limited" && failure.code !== "network") {
        setError(failure.message);
        toast.error(t("workplace.unlock.denied"), { description: failure.message || t("workplace.unlock.fallback") });
      } else showApiError(failure);
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t("workplace.unlock.title")} description={t("workplace.unlock.description")}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <TextField
          label={t("workplace.unlock.codeLabel")}
          value={code}
          onChange={(event) => setCode(event.target.value.toUpperCase())}
          maxLength={ACCESS_CODE_MAX_LENGTH}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          className="w-full rounded-lg border border-slate-300 px-3 py-2 text-center font-mono text-lg uppercase tracking-widest"
          error={error}
        />
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={() => onOpenChange(false)}>
            {t("workplace.unlock.cancel")}
          </Button>
          <Button type="submit" disabled={unlock.isPending}>
            {unlock.isPending ? t("workplace.unlock.verifying") : t("workplace.unlock.submit")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
