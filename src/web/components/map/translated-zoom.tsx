import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useMap, ZoomControl } from "react-leaflet";

/** Leaflet's credit as its name alone: its own carries an English title ("A JavaScript library for interactive maps"). */
const LEAFLET_CREDIT = '<a href="https://leafletjs.com">Leaflet</a>';

/**
 * Leaflet's controls in the page's language: the zoom buttons named in it
 * ("Zoom avant") rather than Leaflet's English (its own zoom control is
 * turned off, `zoomControl={false}` on the map, and this one drawn instead,
 * again when the language changes), and the library's credit without its
 * English title.
 */
export function TranslatedZoom() {
  const { t, i18n } = useTranslation();
  const map = useMap();
  useEffect(() => {
    map.attributionControl?.setPrefix(LEAFLET_CREDIT);
  }, [map]);
  return <ZoomControl key={i18n.language} position="topleft" zoomInTitle={t("common.zoomIn")} zoomOutTitle={t("common.zoomOut")} />;
}
