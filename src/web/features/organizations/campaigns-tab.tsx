import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Plus } from "lucide-react";
import {
  CAMPAIGN_DURATIONS,
  CAMPAIGN_EFFECTS,
  campaignInputSchema,
  type CampaignInput,
  type CampaignView,
  type LocationView,
} from "../../../shared/schemas/organizations.js";
import { Button } from "../../components/ui/button.js";
import { Card, LoadingState } from "../../components/ui/card.js";
import { Dialog } from "../../components/ui/dialog.js";
import { SelectField, TextAreaField, TextField } from "../../components/ui/field.js";
import { showApiError } from "../../lib/api-errors.js";
import { useFieldError } from "../../lib/use-field-error.js";
import { zodResolver } from "../../lib/zod-resolver.js";
import { useCampaigns, useChangeCampaign, useCreateCampaign } from "./api/campaigns.js";
import { useAllLocations } from "./api/locations.js";
import { dateFormat } from "../../../shared/i18n/format.js";

/** The campaign form opens once every active place is known: they start ticked. */
function CampaignDialog({ organizationId, onClose }: { organizationId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const locations = useAllLocations(organizationId);
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t("dashboard.campaigns.createTitle")}
      description={t("dashboard.campaigns.help")}
    >
      {locations.isPending ? (
        <LoadingState label={t("common.loading")} />
      ) : locations.error ? (
        <Card role="alert">{t("dashboard.locations.loadFailed")}</Card>
      ) : (
        <CampaignForm organizationId={organizationId} active={locations.data.locations.filter((l) => l.isActive)} onClose={onClose} />
      )}
    </Dialog>
  );
}

function CampaignForm({ organizationId, active, onClose }: { organizationId: string; active: LocationView[]; onClose: () => void }) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const create = useCreateCampaign(organizationId);
  const { register, handleSubmit, formState, control } = useForm<CampaignInput>({
    resolver: zodResolver(campaignInputSchema),
    defaultValues: { name: "", description: "", durationDays: 7, effect: "glow", locationIds: active.map((l) => l.id) },
  });
  const submit = handleSubmit(async (input) => {
    try {
      await create.mutateAsync(input);
      toast.success(t("dashboard.campaigns.created", { name: input.name }));
      onClose();
    } catch (error) {
      showApiError(error);
    }
  });
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <TextField label={t("dashboard.campaigns.name")} error={fieldError(formState.errors.name)} {...register("name")} />
      <TextAreaField
        label={t("dashboard.campaigns.description")}
        rows={3}
        error={fieldError(formState.errors.description)}
        {...register("description")}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          label={t("dashboard.campaigns.duration")}
          options={CAMPAIGN_DURATIONS.map((d) => ({ value: String(d), label: t("dashboard.campaigns.days", { count: d }) }))}
          error={fieldError(formState.errors.durationDays)}
          {...register("durationDays", { valueAsNumber: true })}
        />
        <SelectField
          label={t("dashboard.campaigns.effect")}
          options={CAMPAIGN_EFFECTS.map((e) => ({ value: e, label: t(`dashboard.campaigns.effects.${e}`) }))}
          error={fieldError(formState.errors.effect)}
          {...register("effect")}
        />
      </div>
      <Controller
        control={control}
        name="locationIds"
        render={({ field, fieldState }) => (
          <fieldset className="space-y-1">
            <legend className="text-sm font-medium text-slate-800">{t("dashboard.campaigns.locations")}</legend>
            {active.length === 0 && <p className="text-sm text-slate-700">{t("dashboard.campaigns.noLocations")}</p>}
            {active.map((location) => (
              <label key={location.id} className="flex min-h-11 items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="h-5 w-5 accent-brand"
                  checked={field.value.includes(location.id)}
                  onChange={(e) =>
                    field.onChange(e.target.checked ? [...field.value, location.id] : field.value.filter((id) => id !== location.id))
                  }
                />
                {location.name}
              </label>
            ))}
            {fieldState.error && (
              <p role="alert" className="text-sm text-red-700">
                {fieldError(fieldState.error)}
              </p>
            )}
          </fieldset>
        )}
      />
      <Button type="submit" className="w-full" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? t("common.saving") : t("dashboard.campaigns.create")}
      </Button>
    </form>
  );
}

const STATUS_STYLE: Record<CampaignView["status"], string> = {
  running: "bg-emerald-100 text-emerald-900",
  paused: "bg-amber-100 text-amber-900",
  completed: "bg-slate-100 text-slate-800",
};

export function CampaignsTab({ organizationId }: { organizationId: string }) {
  const { t, i18n } = useTranslation();
  const campaigns = useCampaigns(organizationId);
  const change = useChangeCampaign(organizationId);
  const [creating, setCreating] = useState(false);
  const date = dateFormat(i18n.language, { dateStyle: "medium" });
  const act = (id: string, action: "pause" | "resume" | "end") =>
    change.mutateAsync({ id, action }).catch((error: unknown) => showApiError(error));
  return (
    <section aria-labelledby="campaigns-title" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="campaigns-title" className="text-xl font-bold">
          {t("dashboard.campaigns.title")}
        </h2>
        <Button onClick={() => setCreating(true)}>
          <Plus size={16} aria-hidden /> {t("dashboard.campaigns.create")}
        </Button>
      </div>
      {campaigns.isPending ? (
        <LoadingState label={t("common.loading")} />
      ) : campaigns.error ? (
        <Card role="alert">{t("dashboard.loadFailed")}</Card>
      ) : campaigns.data.campaigns.length === 0 ? (
        <Card>{t("dashboard.campaigns.none")}</Card>
      ) : (
        <ul className="space-y-3">
          {campaigns.data.campaigns.map((c) => (
            <li key={c.id}>
              <Card className="space-y-2">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <h3 className="font-bold">{c.name}</h3>
                  <span className={`rounded-full px-3 py-1 text-sm font-semibold ${STATUS_STYLE[c.status]}`}>
                    {t(`dashboard.campaigns.status.${c.status}`)}
                  </span>
                </div>
                <p className="text-sm text-slate-700">{c.description}</p>
                <p className="text-sm text-slate-700">
                  {t("dashboard.campaigns.dates", { start: date.format(new Date(c.startsAt)), end: date.format(new Date(c.endsAt)) })} ·{" "}
                  {t(`dashboard.campaigns.effects.${c.effect}`)} · {t("dashboard.campaigns.locationCount", { count: c.locationIds.length })}
                </p>
                {c.status !== "completed" && (
                  <div className="flex flex-wrap gap-2">
                    {c.status === "running" ? (
                      <Button variant="secondary" onClick={() => act(c.id, "pause")}>
                        {t("dashboard.campaigns.pause")}
                      </Button>
                    ) : (
                      <Button variant="secondary" onClick={() => act(c.id, "resume")}>
                        {t("dashboard.campaigns.resume")}
                      </Button>
                    )}
                    <Button variant="ghost" onClick={() => act(c.id, "end")}>
                      {t("dashboard.campaigns.end")}
                    </Button>
                  </div>
                )}
              </Card>
            </li>
          ))}
        </ul>
      )}
      {creating && <CampaignDialog organizationId={organizationId} onClose={() => setCreating(false)} />}
    </section>
  );
}
