import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { showApiError } from "../../lib/api-errors.js";
import { useRemoteWork, useSetRemoteWork } from "./api/workplace.js";

/**
 * "I work remotely": the flag the employer's telework list is built from, so
 * people away from the office are included in what the team does.
 */
export function RemoteWorkToggle() {
  const { t } = useTranslation();
  const remote = useRemoteWork();
  const set = useSetRemoteWork();
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-3">
      <label className="flex min-h-11 items-center gap-2 font-semibold">
        <input
          type="checkbox"
          className="h-5 w-5"
          checked={remote.data?.remote ?? false}
          disabled={!remote.data || set.isPending}
          aria-describedby="remote-work-hint"
          onChange={(e) =>
            void set.mutateAsync(e.target.checked).then(
              (saved) => toast.success(t(saved.remote ? "workplace.remote.on" : "workplace.remote.off")),
              (error) => showApiError(error),
            )
          }
        />
        {t("workplace.remote.label")}
      </label>
      <p id="remote-work-hint" className="text-sm text-slate-600">
        {t("workplace.remote.hint")}
      </p>
    </div>
  );
}
