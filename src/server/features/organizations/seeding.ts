/*
 * Direct writes (and the reads that check them) without a request's checks:
 * for the demo data (features/demo), the benchmark's fixtures and tests.
 * Product code goes through the services.
 */
export {
  holdsNothingYet,
  insertCardSeries,
  insertLocation,
  insertOrganization,
  markKitPrinted,
  scanPath,
} from "./organization-repository.js";
