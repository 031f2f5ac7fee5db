import type { UsernameAvailabilityAnswer } from "../../../../shared/schemas/auth.js";
import { api } from "../../../lib/api.js";

/** GET /api/usernames/availability: free or not, and why not in the asker's language (use-username-availability.ts debounces it). */
export const getUsernameAvailability = (username: string): Promise<UsernameAvailabilityAnswer> =>
  api(`/usernames/availability?username=${encodeURIComponent(username)}`);
