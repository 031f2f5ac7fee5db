import { lazy, Suspense, useCallback } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { MapPin } from "lucide-react";
import type { AddressSuggestion } from "../../../shared/schemas/geocoding.js";
import { locationInputSchema, type LocationInput, type LocationView } from "../../../shared/schemas/organizations.js";
import { RADIUS } from "../../../shared/constants.js";
import { Button } from "../../components/ui/button.js";
import { Dialog } from "../../components/ui/dialog.js";
import { TextField } from "../../components/ui/field.js";
import { showApiError } from "../../lib/api-errors.js";
import { useFieldError } from "../../lib/use-field-error.js";
import { zodResolver } from "../../lib/zod-resolver.js";
import { AddressSearch } from "./address-search.js";
import { reverseGeocode } from "./api/geocoding.js";
import { useSaveLocation } from "./api/locations.js";

const LocationPinMap = lazy(() => import("./location-pin-map.js"));

/** Where a new pin starts: the map's default centre (docs/spec/participant.md §2). */
const START = { lat: 40, lon: -74.5 };

const fromSuggestion = (s: AddressSuggestion) => ({
  address: s.label,
  city: s.city,
  province: s.province,
  postalCode: s.postalCode,
  country: s.country,
});

/** Add or edit a location: name, address with suggestions, its parts, the radius, and a pin to drag. */
export function LocationDialog({
  organizationId,
  location,
  onClose,
}: {
  organizationId: string;
  location: LocationView | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const save = useSaveLocation(organizationId);
  const { register, handleSubmit, formState, setValue, watch, getValues } = useForm<LocationInput>({
    resolver: zodResolver(locationInputSchema),
    defaultValues: location
      ? {
          name: location.name,
          address: location.address,
          city: location.city,
          province: location.province,
          postalCode: location.postalCode,
          country: location.country,
          latitude: location.latitude,
          longitude: location.longitude,
          radiusMeters: location.radiusMeters,
        }
      : { name: "", address: "", city: "", province: "", postalCode: "", country: "", radiusMeters: RADIUS.default },
  });
  const [latitude, longitude, radius, address] = watch(["latitude", "longitude", "radiusMeters", "address"]);
  const hasPin = typeof latitude === "number" && Number.isFinite(latitude) && typeof longitude === "number" && Number.isFinite(longitude);
  const submitted = formState.isSubmitted;

  const fill = useCallback(
    (parts: ReturnType<typeof fromSuggestion>) => {
      for (const [name, value] of Object.entries(parts)) setValue(name as keyof LocationInput, value, { shouldValidate: submitted });
    },
    [setValue, submitted],
  );
  const movePin = useCallback(
    async (lat: number, lon: number) => {
      setValue("latitude", Number(lat.toFixed(6)), { shouldValidate: submitted });
      setValue("longitude", Number(lon.toFixed(6)), { shouldValidate: submitted });
      // A pin dropped with no address yet brings its address along, when the provider answers.
      if (getValues("address").trim()) return;
      try {
        const { address: found } = await reverseGeocode(lat, lon);
        if (found && !getValues("address").trim()) fill(fromSuggestion(found));
      } catch {
        // The pin is what counts; the address can be typed.
      }
    },
    [setValue, getValues, fill, submitted],
  );

  const submit = handleSubmit(async (input) => {
    try {
      await save.mutateAsync({ id: location?.id, input });
      toast.success(
        location ? t("dashboard.locations.updated", { name: input.name }) : t("dashboard.locations.added", { name: input.name }),
      );
      onClose();
    } catch (error) {
      showApiError(error, { fallback: location ? t("dashboard.locations.updateFailed") : t("dashboard.locations.addFailed") });
    }
  });
  const validated = { shouldValidate: submitted };
  const radiusValue = Number(radius);
  const outsideRecommended = Number.isFinite(radiusValue) && (radiusValue < RADIUS.recommendedMin || radiusValue > RADIUS.recommendedMax);

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={location ? t("dashboard.locations.editTitle") : t("dashboard.locations.addTitle")}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <TextField label={t("dashboard.locations.name")} error={fieldError(formState.errors.name)} {...register("name")} />
        <AddressSearch
          label={t("dashboard.locations.address")}
          value={address ?? ""}
          onChange={(value) => setValue("address", value, validated)}
          onChoose={(suggestion) => {
            fill(fromSuggestion(suggestion));
            setValue("latitude", suggestion.lat, validated);
            setValue("longitude", suggestion.lon, validated);
          }}
          error={fieldError(formState.errors.address)}
        />
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField label={t("dashboard.locations.city")} error={fieldError(formState.errors.city)} {...register("city")} />
          <TextField label={t("dashboard.locations.province")} error={fieldError(formState.errors.province)} {...register("province")} />
          <TextField
            label={t("dashboard.locations.postalCode")}
            error={fieldError(formState.errors.postalCode)}
            {...register("postalCode")}
          />
          <TextField label={t("dashboard.locations.country")} error={fieldError(formState.errors.country)} {...register("country")} />
        </div>
        <TextField
          label={t("dashboard.locations.radiusLabel")}
          type="number"
          min={RADIUS.min}
          max={RADIUS.max}
          hint={outsideRecommended ? t("dashboard.locations.radiusAdvice") : t("dashboard.locations.radiusHint")}
          error={fieldError(formState.errors.radiusMeters)}
          {...register("radiusMeters", { valueAsNumber: true })}
        />
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-800">{t("dashboard.locations.position")}</legend>
          {hasPin ? (
            <Suspense fallback={<div className="h-56 motion-safe:animate-pulse rounded-lg bg-slate-100" aria-hidden />}>
              <LocationPinMap
                position={{ lat: latitude, lon: longitude }}
                radiusMeters={Number.isFinite(radiusValue) ? radiusValue : RADIUS.default}
                onMove={movePin}
              />
            </Suspense>
          ) : (
            <Button variant="secondary" onClick={() => void movePin(START.lat, START.lon)}>
              <MapPin size={16} aria-hidden /> {t("dashboard.locations.placePin")}
            </Button>
          )}
          <p className="text-xs text-slate-600">{t("dashboard.locations.pinHelp")}</p>
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField
              label={t("dashboard.locations.latitude")}
              type="number"
              step="any"
              error={fieldError(formState.errors.latitude)}
              {...register("latitude", { valueAsNumber: true })}
            />
            <TextField
              label={t("dashboard.locations.longitude")}
              type="number"
              step="any"
              error={fieldError(formState.errors.longitude)}
              {...register("longitude", { valueAsNumber: true })}
            />
          </div>
        </fieldset>
        <Button type="submit" className="w-full" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? t("common.saving") : location ? t("common.save") : t("dashboard.locations.add")}
        </Button>
      </form>
    </Dialog>
  );
}
