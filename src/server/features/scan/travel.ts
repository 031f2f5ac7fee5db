import { distanceMeters } from "../../../shared/acts/distance.js";

/**
 * Faster than any person travels between two scans, airliners included
 * (they cruise at about 900 km/h): two positioned scans further apart than
 * this allows were not both made where they claim.
 */
export const MAX_TRAVEL_KMH = 1000;
/** Positions from phones wander; below this, any two scans are plausible. */
export const TRAVEL_SLACK_METERS = 5000;

export interface PositionedAt {
  lat: number;
  lon: number;
  at: Date;
}

/** Whether going from `previous` to `next` needs a speed nobody reaches. */
export function isImpossibleTravel(previous: PositionedAt, next: PositionedAt): boolean {
  const meters = distanceMeters(previous, next) - TRAVEL_SLACK_METERS;
  if (meters <= 0) return false;
  const hours = Math.max(0, next.at.getTime() - previous.at.getTime()) / 3_600_000;
  return meters / 1000 > MAX_TRAVEL_KMH * hours;
}

/** How far and how fast, for the review queue (an instant apart reads as the distance per second). */
export function travelBetween(previous: PositionedAt, next: PositionedAt): { distanceKm: number; speedKmh: number } {
  const distanceKm = distanceMeters(previous, next) / 1000;
  const hours = Math.max(1 / 3600, (next.at.getTime() - previous.at.getTime()) / 3_600_000);
  return { distanceKm, speedKmh: distanceKm / hours };
}
