import { useTranslation } from "react-i18next";
import { ZoomControl } from "react-leaflet";

/**
 * Leaflet's zoom buttons named in the page's language ("Zoom avant"), not
 * Leaflet's English: its own control is turned off (`zoomControl={false}` on
 * the map) and this one drawn instead, again when the language changes.
 */
export function TranslatedZoom() {
  const { t, i18n } = useTranslation();
  return <ZoomControl key={i18n.language} position="topleft" zoomInTitle={t("common.zoomIn")} zoomOutTitle={t("common.zoomOut")} />;
}
