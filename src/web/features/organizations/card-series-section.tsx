import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { CreditCard, Plus, QrCode } from "lucide-react";
import {
  CARD_SERIES_TYPES,
  cardSeriesInputSchema,
  type CardSeriesInput,
  type CardSeriesView,
} from "../../../shared/schemas/organizations.js";
import { Button } from "../../components/ui/button.js";
import { Card, LoadingState } from "../../components/ui/card.js";
import { Dialog } from "../../components/ui/dialog.js";
import { SelectField, TextField } from "../../components/ui/field.js";
import { showApiError } from "../../lib/api-errors.js";
import { useFieldError } from "../../lib/use-field-error.js";
import { zodResolver } from "../../lib/zod-resolver.js";
import { useCardSeries, useSaveCardSeries, useSetActive } from "./api/locations.js";
import type { QrTarget } from "./qr-dialog.js";
import { numberFormat } from "../../../shared/i18n/format.js";
import { LANGUAGE_DETAILS, LANGUAGES } from "../../../shared/i18n/languages.js";

function SeriesDialog({ organizationId, series, onClose }: { organizationId: string; series: CardSeriesView | null; onClose: () => void }) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const save = useSaveCardSeries(organizationId);
  const { register, handleSubmit, formState } = useForm<CardSeriesInput>({
    resolver: zodResolver(cardSeriesInputSchema),
    defaultValues: series
      ? { name: series.name, translations: series.translations, cardType: series.cardType, cardCount: series.cardCount }
      : { name: "", translations: {}, cardType: "physical", cardCount: 50 },
  });
  const submit = handleSubmit(async (input) => {
    try {
      await save.mutateAsync({ id: series?.id, input });
      toast.success(t("dashboard.cards.saved", { name: input.name }));
      onClose();
    } catch (error) {
      showApiError(error);
    }
  });
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={series ? t("dashboard.cards.editTitle") : t("dashboard.cards.addTitle")}
      description={t("dashboard.cards.help")}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <TextField label={t("dashboard.cards.name")} error={fieldError(formState.errors.name)} {...register("name")} />
        {/* The name for readers of each language, where it differs (a Montréal café's "Cartes à faire circuler"). */}
        <fieldset className="space-y-3">
          <legend className="text-sm font-semibold text-slate-800">{t("dashboard.cards.translations")}</legend>
          {LANGUAGES.map((language) => (
            <TextField
              key={language}
              lang={language}
              label={t("dashboard.cards.nameIn", { language: LANGUAGE_DETAILS[language].nativeName })}
              error={fieldError(formState.errors.translations?.[language])}
              {...register(`translations.${language}`)}
            />
          ))}
        </fieldset>
        <SelectField
          label={t("dashboard.cards.type")}
          disabled={Boolean(series)}
          hint={series ? t("dashboard.cards.typeFixed") : undefined}
          options={CARD_SERIES_TYPES.map((value) => ({ value, label: t(`cardType.${value}`) }))}
          error={fieldError(formState.errors.cardType)}
          {...register("cardType")}
        />
        <TextField
          label={t("dashboard.cards.count")}
          type="number"
          min={1}
          max={10000}
          error={fieldError(formState.errors.cardCount)}
          {...register("cardCount", { valueAsNumber: true })}
        />
        <Button type="submit" className="w-full" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? t("common.saving") : t("common.save")}
        </Button>
      </form>
    </Dialog>
  );
}

/** Physical and portable card series: each has its own issued code; a portable card also carries its number. */
export function CardSeriesSection({ organizationId, onCode }: { organizationId: string; onCode: (target: QrTarget) => void }) {
  const { t, i18n } = useTranslation();
  const series = useCardSeries(organizationId);
  const setActive = useSetActive(organizationId);
  const [editing, setEditing] = useState<CardSeriesView | "new" | null>(null);
  const number = numberFormat(i18n.language);
  return (
    <section aria-labelledby="cards-title" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="cards-title" className="text-xl font-bold">
          {t("dashboard.cards.title")}
        </h2>
        <Button variant="secondary" onClick={() => setEditing("new")}>
          <Plus size={16} aria-hidden /> {t("dashboard.cards.add")}
        </Button>
      </div>
      {series.isPending ? (
        <LoadingState label={t("common.loading")} />
      ) : series.error ? (
        <Card role="alert">{t("dashboard.loadFailed")}</Card>
      ) : series.data.series.length === 0 ? (
        <Card>{t("dashboard.cards.none")}</Card>
      ) : (
        <ul className="space-y-3">
          {series.data.series.map((s) => (
            <li key={s.id}>
              <Card className="flex flex-wrap items-center justify-between gap-2">
                <div>
                  <h3 className="flex items-center gap-1.5 font-bold">
                    <CreditCard size={18} aria-hidden className="text-brand" /> {s.name}
                  </h3>
                  <p className="text-sm text-slate-700">
                    {t(`cardType.${s.cardType}`)} ·{" "}
                    {t("dashboard.cards.printed", { count: s.cardCount, formatted: number.format(s.cardCount) })} ·{" "}
                    {t("dashboard.locations.scans", { count: s.scans, formatted: number.format(s.scans) })}
                    {!s.isActive && ` · ${t("dashboard.locations.inactive")}`}
                  </p>
                </div>
                <div className="flex flex-wrap gap-2">
                  <Button
                    variant="secondary"
                    aria-label={t("dashboard.locations.codeFor", { name: s.name })}
                    onClick={() => onCode({ source: "card-series", id: s.id, name: s.name, type: s.cardType, cardCount: s.cardCount })}
                  >
                    <QrCode size={16} aria-hidden /> {t("dashboard.codes.open")}
                  </Button>
                  <Button variant="secondary" aria-label={t("dashboard.locations.editFor", { name: s.name })} onClick={() => setEditing(s)}>
                    {t("dashboard.edit")}
                  </Button>
                  <Button
                    variant="secondary"
                    onClick={() =>
                      setActive
                        .mutateAsync({ source: "card-series", id: s.id, isActive: !s.isActive })
                        .catch((error: unknown) => showApiError(error))
                    }
                  >
                    {s.isActive ? t("dashboard.deactivate") : t("dashboard.activate")}
                  </Button>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
      {editing && (
        <SeriesDialog organizationId={organizationId} series={editing === "new" ? null : editing} onClose={() => setEditing(null)} />
      )}
    </section>
  );
}
