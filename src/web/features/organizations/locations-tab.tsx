import { useEffect, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { queryKeys } from "../../lib/query-keys.js";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Eye, EyeOff, MapPin, Pencil, Plus, QrCode, Trash2 } from "lucide-react";
import type { LocationView } from "../../../shared/schemas/organizations.js";
import { Button } from "../../components/ui/button.js";
import { Card, LoadingState } from "../../components/ui/card.js";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.js";
import { showApiError } from "../../lib/api-errors.js";
import { useDeleteCodeSource, useLocations, useSetActive } from "./api/locations.js";
import { CardSeriesSection } from "./card-series-section.js";
import { LocationCheckCard } from "./location-check-card.js";
import { LocationDialog } from "./location-dialog.js";
import { QrDialog, type QrTarget } from "./qr-dialog.js";
import type { SetupStep } from "./setup-checklist.js";

const SETUP_STEPS_HERE: ReadonlySet<SetupStep> = new Set(["place", "printKit", "firstScan"]);
import { numberFormat } from "../../../shared/i18n/format.js";

/** docs/spec/organisation.md §2: the address is masked until someone chooses to show it. */
function MaskedAddress({ address }: { address: string }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  return (
    <span className="flex items-center gap-1">
      <span className="break-all">{shown ? address : "*".repeat(Math.min(address.length, 24))}</span>
      <Button variant="ghost" className="min-h-9 px-2" aria-pressed={shown} onClick={() => setShown((s) => !s)}>
        {shown ? <EyeOff size={16} aria-hidden /> : <Eye size={16} aria-hidden />}
        {shown ? t("dashboard.locations.hideAddress") : t("dashboard.locations.showAddress")}
      </Button>
    </span>
  );
}

function LocationRow({
  organizationId,
  location,
  onEdit,
  onCode,
  onDelete,
}: {
  organizationId: string;
  location: LocationView;
  onEdit: () => void;
  onCode: () => void;
  onDelete: () => void;
}) {
  const { t, i18n } = useTranslation();
  const setActive = useSetActive(organizationId);
  const toggle = async () => {
    try {
      await setActive.mutateAsync({ source: "locations", id: location.id, isActive: !location.isActive });
    } catch (error) {
      showApiError(error, { fallback: t("dashboard.locations.updateFailed") });
    }
  };
  return (
    <li>
      <Card className={`space-y-2 ${location.isActive ? "" : "opacity-80"}`}>
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h3 className="flex items-center gap-1.5 font-bold">
            <MapPin size={18} aria-hidden className="text-brand" /> {location.name}
          </h3>
          <span className="text-sm text-slate-700">
            {t("dashboard.locations.scans", {
              count: location.scans,
              formatted: numberFormat(i18n.language).format(location.scans),
            })}
            {!location.isActive && ` · ${t("dashboard.locations.inactive")}`}
          </span>
        </div>
        <div className="text-sm text-slate-700">
          <MaskedAddress address={location.address} />
          <span>{t("dashboard.locations.radius", { radius: location.radiusMeters })}</span>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={onCode} aria-label={t("dashboard.locations.codeFor", { name: location.name })}>
            <QrCode size={16} aria-hidden /> {t("dashboard.codes.open")}
          </Button>
          <Button variant="secondary" onClick={onEdit} aria-label={t("dashboard.locations.editFor", { name: location.name })}>
            <Pencil size={16} aria-hidden /> {t("dashboard.edit")}
          </Button>
          <Button variant="secondary" onClick={toggle} disabled={setActive.isPending}>
            {location.isActive ? t("dashboard.deactivate") : t("dashboard.activate")}
          </Button>
          {location.scans === 0 && (
            <Button variant="ghost" onClick={onDelete} aria-label={t("dashboard.locations.deleteFor", { name: location.name })}>
              <Trash2 size={16} aria-hidden /> {t("dashboard.delete")}
            </Button>
          )}
        </div>
      </Card>
    </li>
  );
}

const codeOf = (location: LocationView): QrTarget => ({
  source: "locations",
  id: location.id,
  name: location.name,
  type: "virtual",
  radiusMeters: location.radiusMeters,
});

/**
 * `intent`: a set-up step chosen in the checklist, done here: "place" opens
 * the place form; "printKit" the first place's code at its print kit;
 * "firstScan" the first place's code, to scan (the form when there is no place yet).
 */
export function LocationsTab({
  organizationId,
  intent,
  onIntentDone,
}: {
  organizationId: string;
  intent: { step: SetupStep } | null;
  onIntentDone: () => void;
}) {
  const { t } = useTranslation();
  const locations = useLocations(organizationId);
  const loaded = locations.data?.pages.flatMap((page) => page.locations);
  const [editing, setEditing] = useState<LocationView | "new" | null>(null);
  const [code, setCode] = useState<(QrTarget & { atPrintKit?: boolean }) | null>(null);
  const [deleting, setDeleting] = useState<LocationView | null>(null);
  const client = useQueryClient();
  // A kit printed from the dialog ticks the set-up checklist's step: it is read again once the dialog closes.
  const closeCode = () => {
    setCode(null);
    void client.invalidateQueries({ queryKey: queryKeys.organizationPart(organizationId, "setup") });
  };
  useEffect(() => {
    if (!intent || !SETUP_STEPS_HERE.has(intent.step) || !loaded) return;
    const first = loaded[0];
    if (intent.step === "place" || !first) setEditing("new");
    else setCode({ ...codeOf(first), atPrintKit: intent.step === "printKit" });
    onIntentDone();
  }, [intent, loaded, onIntentDone]);
  const remove = useDeleteCodeSource(organizationId);
  const confirmDelete = async () => {
    try {
      await remove.mutateAsync({ source: "locations", id: deleting!.id });
      toast.success(t("dashboard.locations.deleted", { name: deleting!.name }));
    } catch (error) {
      showApiError(error);
    }
    setDeleting(null);
  };
  return (
    <div className="space-y-6">
      <section aria-labelledby="locations-title" className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="locations-title" className="text-xl font-bold">
            {t("dashboard.locations.title")}
          </h2>
          <Button onClick={() => setEditing("new")}>
            <Plus size={16} aria-hidden /> {t("dashboard.locations.add")}
          </Button>
        </div>
        {locations.isPending ? (
          <LoadingState label={t("common.loading")} />
        ) : locations.error ? (
          <Card role="alert">{t("dashboard.locations.loadFailed")}</Card>
        ) : !loaded || loaded.length === 0 ? (
          <Card>{t("dashboard.locations.none")}</Card>
        ) : (
          <ul className="space-y-3">
            {loaded.map((location) => (
              <LocationRow
                key={location.id}
                organizationId={organizationId}
                location={location}
                onEdit={() => setEditing(location)}
                onDelete={() => setDeleting(location)}
                onCode={() => setCode(codeOf(location))}
              />
            ))}
          </ul>
        )}
        {locations.hasNextPage && (
          <Button variant="secondary" onClick={() => void locations.fetchNextPage()} disabled={locations.isFetchingNextPage}>
            {locations.isFetchingNextPage ? t("common.loading") : t("dashboard.locations.more")}
          </Button>
        )}
        {locations.isFetchNextPageError && (
          <p role="alert" className="text-sm text-red-700">
            {t("dashboard.locations.loadFailed")}
          </p>
        )}
      </section>
      <CardSeriesSection organizationId={organizationId} onCode={setCode} />
      {loaded && loaded.length > 0 && <LocationCheckCard locations={loaded.filter((l) => l.isActive)} />}
      {editing && (
        <LocationDialog organizationId={organizationId} location={editing === "new" ? null : editing} onClose={() => setEditing(null)} />
      )}
      {code && <QrDialog organizationId={organizationId} target={code} atPrintKit={code.atPrintKit} onClose={closeCode} />}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t("dashboard.locations.deleteTitle", { name: deleting?.name ?? "" })}
        description={t("dashboard.locations.deleteBody")}
        confirmLabel={t("dashboard.delete")}
        onConfirm={confirmDelete}
        busy={remove.isPending}
      />
    </div>
  );
}
