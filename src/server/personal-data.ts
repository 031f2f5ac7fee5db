import type { PersonalData } from "./platform/personal-data.js";
import { FEATURES } from "./feature-list.js";

/**
 * Every feature that keeps personal data, each answering for its own tables
 * (platform/personal-data.ts), as its declaration says: the data archive
 * reads them in the features' order (feature-list.ts), and the purge of a
 * deleted account erases them in it. A feature that starts keeping something
 * about a person implements the contract in its declaration;
 * personal-data.api.test.ts fails on a table about a person no owner erases.
 */
export const PERSONAL_DATA: readonly PersonalData[] = FEATURES.flatMap((feature) => (feature.personalData ? [feature.personalData] : []));
