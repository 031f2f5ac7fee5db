import type { AddressSuggestion } from "../../../../shared/schemas/geocoding.js";
import { api } from "../../../lib/api.js";

/** GET /api/geocoding/search?q=: address suggestions from the server's provider. */
export const searchAddresses = (q: string): Promise<{ suggestions: AddressSuggestion[] }> =>
  api(`/geocoding/search?q=${encodeURIComponent(q)}`);

/** GET /api/geocoding/reverse?lat=&lon=: the address where the pin was dropped. */
export const reverseGeocode = (lat: number, lon: number): Promise<{ address: AddressSuggestion | null }> =>
  api(`/geocoding/reverse?lat=${lat}&lon=${lon}`);
