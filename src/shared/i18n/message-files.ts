/**
 * Each language's messages are a folder, `messages/<language>/`, of these
 * files, by where they are needed: the app's first pages (`app`), the account
 * pages reached from emails (`account`: confirming, resetting, recovering), the
 * information pages (`pages`: legal texts, FAQ, rules, contact, map,
 * onboarding, history), the organisation pages (`organizations`), the admin
 * panel (`admin`), the community pages (`community`: chat, gallery, card
 * journeys), the workplace well-being area (`workplace`, with its
 * certificates) — each loaded with its pages — and what only the server
 * writes, emails and posters (`server`). Their top-level sections never
 * overlap. A language is added by its folder and its entry in languages.ts.
 */
export const MESSAGE_FILE_NAMES = ["app", "account", "pages", "organizations", "admin", "community", "workplace", "server"] as const;
export type MessageFileName = (typeof MESSAGE_FILE_NAMES)[number];

/** The files the browser loads with the pages that need them (not the first pages' `app`, never the server's own). */
export type PageMessageFile = Exclude<MessageFileName, "app" | "server">;
