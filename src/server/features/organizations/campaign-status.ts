import type { CAMPAIGN_STATUSES } from "../../../shared/schemas/organizations.js";

export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/**
 * A campaign's status follows from its dates (docs/design.md §4.7 does the
 * same for contests): completed once ended early or past its end, paused
 * while paused, running otherwise.
 */
export function campaignStatus(campaign: { ends_at: Date; paused_at: Date | null; ended_at: Date | null }, now: Date): CampaignStatus {
  if (campaign.ended_at || new Date(campaign.ends_at) <= now) return "completed";
  return campaign.paused_at ? "paused" : "running";
}
