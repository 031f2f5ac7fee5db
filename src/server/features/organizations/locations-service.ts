import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { LOCATIONS_PAGE_SIZE, type CardSeriesInput, type LocationInput, type LocationPage } from "../../../shared/schemas/organizations.js";
import type { DB } from "../../platform/db/schema.js";
import { AppError } from "../../kernel/app-error.js";
import * as series from "./card-series-repository.js";
import * as locations from "./locations-repository.js";
import { requireAccessFrom, requireOrganizationAccess } from "./organization-access.js";
import { deleteUnlessActs, updateCodeSource, type CodeSource } from "./organization-repository.js";

// Locations and card series: what an organisation prints. Any member may run
// them (docs/spec/organisation.md §2); every change names the organisation,
// so another organisation's id is simply not found.

const found = (changed: boolean) => {
  if (!changed) throw new AppError("not_found");
};

/** A page of places, and the cursor of the next (null on the last). */
export async function listLocations(db: Kysely<DB>, userId: string, organizationId: string, after?: string): Promise<LocationPage> {
  const page = await locations.listLocations(db, userId, organizationId, locations.decodePlaceCursor(after), LOCATIONS_PAGE_SIZE);
  requireAccessFrom(page.facts, "view");
  const last = page.locations.at(-1);
  return { locations: page.locations, nextAfter: page.hasMore && last ? locations.encodePlaceCursor(last) : null };
}

export async function addLocation(db: Kysely<DB>, userId: string, organizationId: string, input: Required<LocationInput>) {
  await requireOrganizationAccess(db, userId, organizationId, "operate");
  const id = randomUUID();
  await locations.createLocation(db, organizationId, id, input);
  return id;
}

export async function editLocation(db: Kysely<DB>, userId: string, organizationId: string, id: string, input: Required<LocationInput>) {
  await requireOrganizationAccess(db, userId, organizationId, "operate");
  found(await locations.updateLocation(db, organizationId, id, input));
}

/** Deactivating keeps a location or card series and its history; its code answers "no longer active". */
export async function setActive(db: Kysely<DB>, userId: string, source: CodeSource, organizationId: string, id: string, isActive: boolean) {
  await requireOrganizationAccess(db, userId, organizationId, "operate");
  found(await updateCodeSource(db, source, organizationId, id, { is_active: isActive }));
}

/** A location or card series with acts is never deleted (its history stays); the dashboard offers to deactivate it. */
export async function deleteCodeSource(db: Kysely<DB>, userId: string, source: CodeSource, organizationId: string, id: string) {
  await requireOrganizationAccess(db, userId, organizationId, "operate");
  const outcome = await deleteUnlessActs(db, source, organizationId, id);
  if (outcome === "missing") throw new AppError("not_found");
  if (outcome === "has-acts") throw new AppError("location_has_acts");
}

export async function listCardSeries(db: Kysely<DB>, userId: string, organizationId: string) {
  await requireOrganizationAccess(db, userId, organizationId, "view");
  return series.listCardSeries(db, organizationId);
}

export async function addCardSeries(db: Kysely<DB>, userId: string, organizationId: string, input: CardSeriesInput) {
  await requireOrganizationAccess(db, userId, organizationId, "operate");
  return series.createCardSeries(db, organizationId, input);
}

export async function editCardSeries(db: Kysely<DB>, userId: string, organizationId: string, id: string, input: CardSeriesInput) {
  await requireOrganizationAccess(db, userId, organizationId, "operate");
  found(await series.updateCardSeries(db, organizationId, id, input));
}
