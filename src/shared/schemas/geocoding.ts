import { z } from "zod/mini";
import { text, trim, maxLength } from "./text.js";

/** docs/spec/organisation.md §5: suggestions from the 2nd character (the browser waits 300 ms after typing). */
export const GEOCODE_MIN_CHARACTERS = 2;
export const GEOCODE_DEBOUNCE_MS = 300;

export const geocodeSearchQuerySchema = z.object({
  q: text().check(trim(), z.minLength(GEOCODE_MIN_CHARACTERS), maxLength(200)),
});
export const reverseGeocodeQuerySchema = z.object({
  lat: z.coerce.number().check(z.gte(-90), z.lte(90)),
  lon: z.coerce.number().check(z.gte(-180), z.lte(180)),
});

export const addressSuggestionSchema = z.object({
  id: z.string(),
  /** The whole address, as it goes in the address field. */
  label: z.string(),
  mainText: z.string(),
  secondaryText: z.string(),
  lat: z.number(),
  lon: z.number(),
  city: z.string(),
  province: z.string(),
  postalCode: z.string(),
  country: z.string(),
});
export type AddressSuggestion = z.infer<typeof addressSuggestionSchema>;
export const addressSuggestionsSchema = z.object({ suggestions: z.array(addressSuggestionSchema) });
export const reverseGeocodeSchema = z.object({ address: z.nullable(addressSuggestionSchema) });
