import { Controller, useFieldArray, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Plus, Trash2 } from "lucide-react";
import { contestInputSchema, type AdminContest, type ContestInput } from "../../../shared/schemas/admin.js";
import { Button } from "../../components/ui/button.js";
import { Dialog } from "../../components/ui/dialog.js";
import { TextAreaField, TextField } from "../../components/ui/field.js";
import { showApiError } from "../../lib/api-errors.js";
import { useFieldError } from "../../lib/use-field-error.js";
import { zodResolver } from "../../lib/zod-resolver.js";
import { useSaveContest } from "./api/contests.js";
import { LANGUAGES, type Language } from "../../../shared/i18n/languages.js";
import { emptyLocalized, inLanguage } from "../../../shared/i18n/localized-text.js";
import { currentLanguage } from "../../lib/i18n.js";
import { displayNames } from "../../../shared/i18n/format.js";

/** An instant as a datetime-local input shows it: this device's time zone, to the minute. */
function toLocalInput(iso: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return "";
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

const fromLocalInput = (value: string) => (value ? new Date(value).toISOString() : "");

const HOUR = 3_600_000;

const emptyPrize = () => ({ category: emptyLocalized(), name: emptyLocalized(), quantity: 1 });

/** A saved contest as the form (and the API) takes it. */
export function contestInputOf(contest: AdminContest): ContestInput {
  return {
    name: contest.name,
    description: contest.description,
    startsAt: contest.startsAt,
    endsAt: contest.endsAt,
    prizes: contest.prizes,
  };
}

function defaults(contest: AdminContest | null): ContestInput {
  if (contest) return contestInputOf(contest);
  const nextHour = Math.ceil(Date.now() / HOUR) * HOUR;
  return {
    name: emptyLocalized(),
    description: emptyLocalized(),
    startsAt: new Date(nextHour).toISOString(),
    endsAt: new Date(nextHour + 30 * 24 * HOUR).toISOString(),
    prizes: [emptyPrize()],
  };
}

/** A language's name in the page's language ("French", « français »), for the field written in it. */
function languageName(language: Language): string {
  return displayNames(currentLanguage(), { type: "language" }).of(language) ?? language;
}

/** Create or edit a contest: its texts in every language, its period, and prizes with their number of winners. */
export function ContestFormDialog({ contest, onClose }: { contest: AdminContest | null; onClose: () => void }) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const save = useSaveContest();
  const { register, handleSubmit, formState, control, setError } = useForm<ContestInput>({
    resolver: zodResolver(contestInputSchema),
    defaultValues: defaults(contest),
  });
  const prizes = useFieldArray({ control, name: "prizes" });
  const submit = handleSubmit(async (input) => {
    try {
      await save.mutateAsync({ id: contest?.id, input });
      toast.success(t("admin.contests.saved"));
      onClose();
    } catch (error) {
      showApiError(error, {
        form: { setError, fields: ["startsAt", "endsAt", ...LANGUAGES.map((language) => `name.${language}` as const)] },
      });
    }
  });
  const dateField = (name: "startsAt" | "endsAt", label: string) => (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          label={label}
          type="datetime-local"
          value={toLocalInput(field.value)}
          onChange={(e) => field.onChange(fromLocalInput(e.target.value))}
          onBlur={field.onBlur}
          error={fieldError(fieldState.error)}
        />
      )}
    />
  );
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={contest ? t("admin.contests.edit", { name: inLanguage(contest.name, currentLanguage()) }) : t("admin.contests.new")}
      description={t("admin.contests.datesHelp")}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          {LANGUAGES.map((language) => (
            <TextField
              key={`name-${language}`}
              label={t("admin.contests.nameIn", { language: languageName(language) })}
              lang={language}
              error={fieldError(formState.errors.name?.[language])}
              {...register(`name.${language}`)}
            />
          ))}
          {LANGUAGES.map((language) => (
            <TextAreaField
              key={`description-${language}`}
              label={t("admin.contests.descriptionIn", { language: languageName(language) })}
              lang={language}
              error={fieldError(formState.errors.description?.[language])}
              {...register(`description.${language}`)}
            />
          ))}
          {dateField("startsAt", t("admin.contests.startsAt"))}
          {dateField("endsAt", t("admin.contests.endsAt"))}
        </div>
        <fieldset className="space-y-3">
          <legend className="font-semibold">{t("admin.contests.prizes")}</legend>
          {formState.errors.prizes?.root && (
            <p role="alert" className="text-sm text-red-700">
              {fieldError(formState.errors.prizes.root)}
            </p>
          )}
          {prizes.fields.map((prize, index) => {
            const errors = formState.errors.prizes?.[index];
            return (
              <fieldset key={prize.id} className="grid gap-3 rounded-lg border border-slate-200 p-3 sm:grid-cols-2">
                <legend className="px-1 text-sm font-semibold">{t("admin.contests.prize", { number: index + 1 })}</legend>
                {LANGUAGES.map((language) => (
                  <TextField
                    key={`category-${language}`}
                    label={t("admin.contests.categoryIn", { language: languageName(language) })}
                    lang={language}
                    error={fieldError(errors?.category?.[language])}
                    {...register(`prizes.${index}.category.${language}`)}
                  />
                ))}
                {LANGUAGES.map((language) => (
                  <TextField
                    key={`prize-${language}`}
                    label={t("admin.contests.prizeNameIn", { language: languageName(language) })}
                    lang={language}
                    error={fieldError(errors?.name?.[language])}
                    {...register(`prizes.${index}.name.${language}`)}
                  />
                ))}
                <TextField
                  label={t("admin.contests.quantity")}
                  type="number"
                  min={1}
                  max={100}
                  error={fieldError(errors?.quantity)}
                  {...register(`prizes.${index}.quantity`, { valueAsNumber: true })}
                />
                {prizes.fields.length > 1 && (
                  <div className="flex items-end">
                    <Button variant="secondary" onClick={() => prizes.remove(index)}>
                      <Trash2 size={16} aria-hidden />
                      {t("admin.contests.removePrize", { number: index + 1 })}
                    </Button>
                  </div>
                )}
              </fieldset>
            );
          })}
          {prizes.fields.length < 20 && (
            <Button variant="secondary" onClick={() => prizes.append(emptyPrize())}>
              <Plus size={16} aria-hidden />
              {t("admin.contests.addPrize")}
            </Button>
          )}
        </fieldset>
        <Button type="submit" className="w-full" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? t("admin.contests.saving") : t("admin.contests.save")}
        </Button>
      </form>
    </Dialog>
  );
}
