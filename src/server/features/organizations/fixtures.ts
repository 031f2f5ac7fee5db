/*
 * Direct writes (and the reads that check them) without a request's checks,
 * for tests and the benchmark only: the lint lets nothing else import a
 * feature's fixtures.ts. Product code goes through the door's verbs (the
 * demo through each owner's seedDemo…).
 */
export { insertCardSeries, insertLocation, insertOrganization, markKitPrinted } from "./organization-repository.js";
