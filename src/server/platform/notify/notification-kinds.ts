import type { ChannelChoices, NotificationKindSpec } from "../../../shared/schemas/notifications.js";
import { AppError } from "../../kernel/app-error.js";

/**
 * Every kind of notification the features declared (platform/feature.ts),
 * gathered at the start in the features' order: what the settings list, the
 * defaults a person who chose nothing gets, and which kinds' email waits on
 * a push.
 */
export interface NotificationKinds {
  readonly list: readonly NotificationKindSpec[];
  /** Each kind's default channels, in the list's order (a fresh object each call). */
  defaults(): Record<string, ChannelChoices>;
  /** Whether this kind's email, while the person has not chosen, goes only when no push reached them. */
  emailUntilPush(kind: string): boolean;
  /** Refuses, as invalid input, a kind no feature declared. */
  check(kind: string): void;
}

export function notificationKinds(specs: readonly NotificationKindSpec[]): NotificationKinds {
  const byName = new Map<string, NotificationKindSpec>();
  for (const spec of specs) {
    if (byName.has(spec.name)) throw new Error(`Two features declare the notification kind "${spec.name}".`);
    byName.set(spec.name, spec);
  }
  return {
    list: specs,
    defaults: () => Object.fromEntries(specs.map((spec) => [spec.name, { push: spec.push, email: spec.email }])),
    emailUntilPush: (kind) => byName.get(kind)?.emailUntilPush === true,
    check(kind) {
      if (!byName.has(kind)) throw new AppError("invalid_input", { field: "kind" });
    },
  };
}
