import type { AddressSuggestion } from "../../../shared/schemas/geocoding.js";

// Canadian (H2X 1Y4) and US (10001, 10001-1234) postal codes, as the spec parses them.
const CANADIAN = /\b([ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z])\s?(\d[ABCEGHJ-NPRSTV-Z]\d)\b/i;
const US = /\b(\d{5})(?:-(\d{4}))?\b/;

/** A postal code found in text, normalised ("h2x1y4" → "H2X 1Y4"); "" when there is none. */
export function postalCodeIn(value: string): string {
  const canadian = CANADIAN.exec(value);
  if (canadian) return `${canadian[1]!.toUpperCase()} ${canadian[2]!.toUpperCase()}`;
  const us = US.exec(value);
  if (us) return us[2] ? `${us[1]}-${us[2]}` : us[1]!;
  return "";
}

/** The fields of a Nominatim (jsonv2, addressdetails=1) result that Kindly reads. */
export interface NominatimPlace {
  place_id?: number | string;
  lat: string;
  lon: string;
  display_name: string;
  name?: string;
  address?: Record<string, string | undefined>;
}

/** A provider's result as the location dialog's fields: the address parsed into city, province, postal code and country. */
export function toSuggestion(place: NominatimPlace): AddressSuggestion | null {
  const lat = Number(place.lat);
  const lon = Number(place.lon);
  if (!Number.isFinite(lat) || !Number.isFinite(lon) || Math.abs(lat) > 90 || Math.abs(lon) > 180) return null;
  const address = place.address ?? {};
  const street = [address.house_number, address.road].filter(Boolean).join(" ");
  const mainText = place.name || street || place.display_name.split(",")[0]!.trim();
  const secondaryText = place.display_name.startsWith(mainText)
    ? place.display_name.slice(mainText.length).replace(/^,\s*/, "")
    : place.display_name;
  return {
    id: String(place.place_id ?? `${lat},${lon}`),
    label: place.display_name,
    mainText,
    secondaryText,
    lat,
    lon,
    city: address.city ?? address.town ?? address.village ?? address.municipality ?? address.hamlet ?? "",
    province: address.state ?? address.province ?? address.region ?? "",
    postalCode: postalCodeIn(address.postcode ?? "") || postalCodeIn(place.display_name),
    country: address.country ?? "",
  };
}
