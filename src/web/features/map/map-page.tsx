import "leaflet/dist/leaflet.css";
import { useTranslation } from "react-i18next";
import { MapContainer, TileLayer } from "react-leaflet";
import { LoadingState, Page, PageTitle } from "../../components/ui/card.js";
import { usePublicConfig } from "./api/get-public-config.js";

/** docs/spec/participant.md §2: centred on longitude -74.5, latitude 40, zoom 9. */
const CENTRE: [number, number] = [40, -74.5];
const ZOOM = 9;

export default function MapPage() {
  const { t } = useTranslation();
  const config = usePublicConfig();
  return (
    <Page>
      <PageTitle intro={t("map.intro")}>{t("map.title")}</PageTitle>
      {config.isPending ? (
        <LoadingState label={t("common.loading")} />
      ) : (
        <div className="h-[60dvh] overflow-hidden rounded-2xl border border-rose-100">
          <MapContainer center={CENTRE} zoom={ZOOM} className="h-full w-full" aria-label={t("map.title")}>
            {config.data && <TileLayer url={config.data.map.tileUrl} attribution={config.data.map.attribution} />}
          </MapContainer>
        </div>
      )}
    </Page>
  );
}
