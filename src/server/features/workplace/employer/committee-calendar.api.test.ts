import ical, { type VEvent } from "node-ical";
import { describe, expect, it } from "vitest";
import { buildEmployer } from "../../../test/compliance-fixtures.js";
import { TestClient } from "../../../test/http-client.js";
import { testDrivers, useTestServer } from "../../../test/test-server.js";

// The test servers' APP_URL is http://kindly.test: events' UIDs are made at its host.
const HOST = "kindly.test";

/** A property's text, whether node-ical gives it bare or with its parameters. */
const textOf = (value: VEvent["summary"] | undefined) => (typeof value === "string" ? value : (value?.val ?? ""));

/** The events of a calendar file, read by node-ical (an independent parser), by UID. */
function eventsOf(text: string): Map<string, VEvent> {
  const parsed = ical.sync.parseICS(text);
  const events = Object.values(parsed).filter((item): item is VEvent => item?.type === "VEVENT");
  return new Map(events.map((event) => [event.uid, event]));
}

describe.each(testDrivers())("committee meetings in people's calendars on %s", (driver) => {
  const suite = useTestServer(driver);

  it("gives a member a feed where each meeting is one event in its own time zone, updated and cancelled under the same UID", async () => {
    const { owner, base } = await buildEmployer(suite.server, 0);
    const member = (await owner.client.post(`${base}/committee/members`, { name: "Léa Roy", role: "secretary", electedDate: "2026-03-01" }))
      .body.id as string;
    const schedule = async (meeting: Record<string, unknown>) => {
      const created = await owner.client.post(`${base}/committee/meetings`, meeting);
      expect(created.status).toBe(201);
      return created.body.id as string;
    };
    // Montréal in winter (UTC−5), Vancouver in summer (UTC−7), and a meeting recorded by its day only.
    const winter = await schedule({
      title: "Winter meeting",
      date: "2027-01-14",
      time: "14:00",
      durationMinutes: 90,
      location: "Room 2, 1000 Sherbrooke St",
      timeZone: "America/Toronto",
    });
    const summer = await schedule({
      title: "Summer meeting",
      date: "2027-07-08",
      time: "09:30",
      durationMinutes: 60,
      timeZone: "America/Vancouver",
    });
    const autumn = await schedule({ title: "Autumn meeting", date: "2026-10-20", keyDecisions: "- Quiet room" });

    const link = await owner.client.post(`${base}/committee/members/${member}/calendar-link`);
    expect(link.status).toBe(201);
    expect(link.body.subscribeUrl).toBe(link.body.url.replace(/^http:\/\//, "webcal://"));
    const feedPath = new URL(link.body.url as string).pathname;
    // A calendar application has no session: the address alone opens the feed.
    const calendarApp = new TestClient(suite.server.url);
    const read = async () => {
      const feed = await calendarApp.get(feedPath);
      expect(feed.status).toBe(200);
      expect(feed.headers.get("content-type")).toMatch(/^text\/calendar/);
      return feed.text;
    };

    const first = await read();
    // The zones' rules travel with the file (RFC 5545 asks for a VTIMEZONE per TZID).
    expect(first).toMatch(/BEGIN:VTIMEZONE\r\nTZID:America\/Toronto/);
    expect(first).toMatch(/BEGIN:VTIMEZONE\r\nTZID:America\/Vancouver/);
    let events = eventsOf(first);
    const w = events.get(`meeting-${winter}@${HOST}`)!;
    expect(textOf(w.summary)).toBe("Winter meeting");
    expect(w.start.toISOString()).toBe("2027-01-14T19:00:00.000Z");
    expect(w.start.tz).toBe("America/Toronto");
    expect(w.end!.toISOString()).toBe("2027-01-14T20:30:00.000Z");
    expect(w.location).toBe("Room 2, 1000 Sherbrooke St");
    expect(Number(w.sequence)).toBe(0);
    const s = events.get(`meeting-${summer}@${HOST}`)!;
    expect(s.start.toISOString()).toBe("2027-07-08T16:30:00.000Z");
    expect(s.start.tz).toBe("America/Vancouver");
    const a = events.get(`meeting-${autumn}@${HOST}`)!;
    expect(a.datetype).toBe("date");
    expect(a.description).toBe("- Quiet room");
    // Survey periods are all-day events, the next ones the organisation's rhythm schedules included.
    const surveys = [...events.values()].filter((e) => e.uid.startsWith("survey-"));
    expect(surveys.length).toBeGreaterThan(0);
    expect(surveys.every((e) => e.datetype === "date" && textOf(e.summary).endsWith(": the climate survey is open"))).toBe(true);

    // A change keeps the event (same UID) and raises its sequence, so calendars replace what they hold.
    const moved = await owner.client.put(`${base}/committee/meetings/${winter}`, {
      title: "Winter meeting",
      date: "2027-01-14",
      time: "15:00",
      durationMinutes: 60,
      location: "Room 3",
      timeZone: "America/Toronto",
    });
    expect(moved.status).toBe(204);
    events = eventsOf(await read());
    const movedEvent = events.get(`meeting-${winter}@${HOST}`)!;
    expect(Number(movedEvent.sequence)).toBe(1);
    expect(movedEvent.start.toISOString()).toBe("2027-01-14T20:00:00.000Z");
    expect(movedEvent.end!.toISOString()).toBe("2027-01-14T21:00:00.000Z");
    expect(movedEvent.location).toBe("Room 3");

    // A cancellation stays in the feed, under the same UID, marked cancelled; it can be neither cancelled nor changed again.
    expect((await owner.client.post(`${base}/committee/meetings/${winter}/cancel`)).status).toBe(204);
    expect((await owner.client.post(`${base}/committee/meetings/${winter}/cancel`)).body.error.code).toBe("meeting_cancelled");
    expect((await owner.client.put(`${base}/committee/meetings/${winter}`, { title: "Again", date: "2027-01-15" })).body.error.code).toBe(
      "meeting_cancelled",
    );
    events = eventsOf(await read());
    const cancelled = events.get(`meeting-${winter}@${HOST}`)!;
    expect(cancelled.status).toBe("CANCELLED");
    expect(Number(cancelled.sequence)).toBe(2);
    expect([...events.keys()].filter((uid) => uid.startsWith("meeting-"))).toHaveLength(3);
    const view = (await owner.client.get(`${base}/committee`)).body;
    expect(view.meetings.find((m: { id: string }) => m.id === winter)).toMatchObject({ time: "15:00", cancelledAt: expect.any(String) });
    expect(view.members[0].calendarLinkSince).toEqual(expect.any(String));

    // One meeting as a file, for whoever runs the committee area.
    const file = await owner.client.get(`${base}/committee/meetings/${summer}/calendar.ics`);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-disposition")).toMatch(/^attachment/);
    expect([...eventsOf(file.text).keys()]).toEqual([`meeting-${summer}@${HOST}`]);

    // A new link ends the old one; revoking ends the new one; so does the end of the member's term.
    const replaced = await owner.client.post(`${base}/committee/members/${member}/calendar-link`);
    expect((await calendarApp.get(feedPath)).status).toBe(404);
    const newPath = new URL(replaced.body.url as string).pathname;
    expect((await calendarApp.get(newPath)).status).toBe(200);
    expect((await owner.client.delete(`${base}/committee/members/${member}/calendar-link`)).status).toBe(204);
    expect((await calendarApp.get(newPath)).status).toBe(404);
    expect((await owner.client.delete(`${base}/committee/members/${member}/calendar-link`)).status).toBe(404);
    const last = new URL((await owner.client.post(`${base}/committee/members/${member}/calendar-link`)).body.url as string).pathname;
    expect((await calendarApp.get(last)).status).toBe(200);
    expect((await owner.client.post(`${base}/committee/members/${member}/end-term`, { termEndDate: "2026-11-01" })).status).toBe(204);
    expect((await calendarApp.get(last)).status).toBe(404);
    // A former member gets no new link.
    expect((await owner.client.post(`${base}/committee/members/${member}/calendar-link`)).status).toBe(404);
  });

  it("writes the feed in the language of whoever made the link", async () => {
    const { owner, base } = await buildEmployer(suite.server, 0);
    const member = (await owner.client.post(`${base}/committee/members`, { name: "Marc", role: "president", electedDate: "2026-05-01" }))
      .body.id as string;
    const meeting = (await owner.client.post(`${base}/committee/meetings`, { title: "Réunion d’hiver", date: "2027-02-11", time: "13:30" }))
      .body.id as string;
    await owner.client.post(`${base}/committee/meetings/${meeting}/cancel`);
    const link = await owner.client.post(`${base}/committee/members/${member}/calendar-link`, {}, { "accept-language": "fr-CA" });
    const events = eventsOf((await new TestClient(suite.server.url).get(new URL(link.body.url as string).pathname)).text);
    expect(textOf(events.get(`meeting-${meeting}@${HOST}`)!.summary)).toBe("Annulée\u00a0: Réunion d’hiver");
    // No zone given: Québec's.
    expect(events.get(`meeting-${meeting}@${HOST}`)!.start.tz).toBe("America/Toronto");
    expect([...events.values()].some((e) => textOf(e.summary).endsWith("\u00a0: le sondage sur le climat de travail est ouvert"))).toBe(
      true,
    );
  });

  it("refuses an unknown time zone, an impossible time, a length out of range, and others' meetings and members", async () => {
    const { owner, base } = await buildEmployer(suite.server, 1);
    const other = await buildEmployer(suite.server, 0);
    const refused = async (meeting: Record<string, unknown>) =>
      (await owner.client.post(`${base}/committee/meetings`, { title: "Meeting", date: "2027-03-01", ...meeting })).body.error;
    expect(await refused({ time: "14:00", timeZone: "Mars/Olympus_Mons" })).toMatchObject({ code: "invalid_input", field: "timeZone" });
    expect(await refused({ time: "25:00" })).toMatchObject({ code: "invalid_input", field: "time" });
    expect(await refused({ time: "14:00", durationMinutes: 5 })).toMatchObject({ code: "invalid_input", field: "durationMinutes" });
    expect(await refused({ time: "14:00", durationMinutes: 721 })).toMatchObject({ code: "invalid_input", field: "durationMinutes" });

    const theirs = (await other.owner.client.post(`${other.base}/committee/meetings`, { title: "Theirs", date: "2027-03-01" })).body.id;
    const theirMember = (
      await other.owner.client.post(`${other.base}/committee/members`, { name: "Zoé", role: "secretary", electedDate: "2026-01-01" })
    ).body.id;
    expect((await owner.client.get(`${base}/committee/meetings/${theirs}/calendar.ics`)).status).toBe(404);
    expect((await owner.client.post(`${base}/committee/meetings/${theirs}/cancel`)).status).toBe(404);
    expect((await owner.client.post(`${base}/committee/members/${theirMember}/calendar-link`)).status).toBe(404);
    // Only the organisation's members run the committee area.
    expect((await owner.client.get(`${other.base}/committee/meetings/${theirs}/calendar.ics`)).status).toBe(403);
    // A feed address that is not one, and one that could be but was never made.
    const anyone = new TestClient(suite.server.url);
    expect((await anyone.get("/api/calendar/not-a-token.ics")).status).toBe(400);
    expect((await anyone.get(`/api/calendar/${"A".repeat(43)}.ics`)).status).toBe(404);
  });
});
