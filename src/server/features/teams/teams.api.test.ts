import { describe, expect, it } from "vitest";
import { TEAM_MAX_MEMBERS } from "../../../shared/constants.js";
import {
  addMember,
  buildAccessCode,
  buildOrganization,
  buildUsers,
  outboxFor,
  signedInOfficial,
  signedInUser,
} from "../../test/factories.js";
import { TestClient } from "../../test/http-client.js";
import { startTestServer, testDrivers, useTestServer, type TestServer } from "../../test/test-server.js";
import { reconcileAggregates } from "../scan/index.js";
import { celebrateReachedChallenges } from "./team-challenges.js";
import { CREATIONS_PER_DAY, JOINS_PER_HOUR, leaveAllTeams } from "./teams-service.js";

/** One act for whoever holds `client`: a place of a new organisation each time (one act per organisation and person). */
async function actBy(server: TestServer, client: TestClient): Promise<number> {
  const { physical } = await buildOrganization(server.deps.db);
  const scan = await client.post("/api/scans", physical);
  expect(scan.status).toBe(201);
  return scan.body.actNumber as number;
}

async function teamBoard(client: TestClient, board: "walking_team" | "work_team", period = "monthly") {
  const answer = await client.get(`/api/leaderboards?board=${board}&period=${period}`);
  expect(answer.status).toBe(200);
  return answer.body.rows as { id: string; name: string; acts: number; rank: number }[];
}

async function expectNoDrift(server: TestServer) {
  const report = await reconcileAggregates(server.deps.db, { repair: false });
  expect(report.drift).toEqual([]);
}

describe.each(testDrivers())("teams on %s", (driver) => {
  const suite = useTestServer(driver);

  it("counts a walking team's acts made while its people are members: joined by password and by invite, left, handed over, closed", async () => {
    const server = suite.server;
    const [owner, second, third] = [await signedInUser(server), await signedInUser(server), await signedInUser(server)];
    const name = `Les Marcheurs ${Date.now().toString(36)}`;

    // An act before the team exists never counts for it.
    await actBy(server, owner.client);
    const created = await owner.client.post("/api/teams", { kind: "walking", name: `  ${name}  `, password: "sentier42" });
    expect(created.status).toBe(201);
    const teamId = created.body.id as string;
    expect(created.body.invitePath).toMatch(new RegExp(`^/teams/join/${teamId}\\.1\\.[\\w-]{22}$`));

    // The spec's join form: name and password. Case, accents and spaces do not matter in the name.
    const wrong = await second.client.post("/api/teams/join", { kind: "walking", name, password: "sentier43" });
    const unknown = await second.client.post("/api/teams/join", { kind: "walking", name: `${name} bis`, password: "sentier42" });
    expect([wrong.status, unknown.status]).toEqual([404, 404]);
    // A wrong password and no such team are one answer.
    expect(wrong.body.error).toEqual(unknown.body.error);
    expect(wrong.body.error.code).toBe("team_join_refused");
    const joined = await second.client.post("/api/teams/join", { kind: "walking", name: name.toUpperCase(), password: "sentier42" });
    expect(joined.status).toBe(200);
    expect(joined.body).toEqual({ id: teamId, name, kind: "walking" });

    // The invite link: previewed by anyone, joined once signed in.
    const preview = await new TestClient(server.url).get(`/api/teams/invites/${encodeURIComponent(created.body.invitePath)}`);
    expect(preview.body).toEqual({ id: teamId, name, kind: "walking" });
    expect((await third.client.post("/api/teams/join-by-invite", { invite: created.body.invitePath })).status).toBe(200);
    const forged = await third.client.post("/api/teams/join-by-invite", { invite: `/teams/join/${teamId}.1.AAAAAAAAAAAAAAAAAAAAAA` });
    expect(forged.body.error.code).toBe("team_invite_invalid");

    // One team of each kind: a second walking team is refused, a work team is not.
    const another = await second.client.post("/api/teams", { kind: "walking", name: `${name} 2` });
    expect(another.body.error.code).toBe("team_already_joined");
    // Another open walking team may not take the name, in any case or accent.
    const outsider = await signedInUser(server);
    const clash = await outsider.client.post("/api/teams", { kind: "walking", name: name.toLowerCase().replace("les", "lés") });
    expect(clash.status).toBe(409);
    expect(clash.body.error.code).toBe("team_name_taken");

    const counted = [await actBy(server, owner.client), await actBy(server, second.client), await actBy(server, third.client)];
    await actBy(server, third.client);
    let page = (await second.client.get(`/api/teams/${teamId}`)).body;
    expect(page.counts).toEqual({ monthly: 4, yearly: 4, allTime: 4 });
    expect(page.memberCount).toBe(3);
    expect(page.rank).toBeGreaterThanOrEqual(1);
    expect(page.members.map((m: { isOwner: boolean; monthActs: number; isMe: boolean }) => [m.isOwner, m.monthActs, m.isMe])).toEqual([
      [true, 1, false],
      [false, 1, true],
      [false, 2, false],
    ]);
    expect(page.me).toMatchObject({ member: true, owner: false, hasPassword: true, invitePath: created.body.invitePath });
    // Someone outside sees the team and its counts, not who is in it nor how to join.
    const seen = (await outsider.client.get(`/api/teams/${teamId}`)).body;
    expect(seen.members).toBeNull();
    expect(seen.me).toEqual({ member: false, owner: false, invitePath: null, hasPassword: true });
    expect(counted).toHaveLength(3);

    const board = await teamBoard(outsider.client, "walking_team");
    expect(board.find((row) => row.id === teamId)).toMatchObject({ name, acts: 4 });
    expect(await teamBoard(outsider.client, "work_team")).not.toContainEqual(expect.objectContaining({ id: teamId }));
    const mine = (await third.client.get("/api/me/teams")).body;
    expect(mine.walking).toMatchObject({ id: teamId, name, memberCount: 3, monthActs: 4 });
    expect(mine.work).toBeNull();

    // Leaving stops the count and keeps what was counted.
    expect((await third.client.delete(`/api/teams/${teamId}/membership`)).status).toBe(200);
    await actBy(server, third.client);
    page = (await owner.client.get(`/api/teams/${teamId}`)).body;
    expect(page.counts.monthly).toBe(4);
    expect(page.memberCount).toBe(2);

    // The owner leaves: the longest-standing member owns it; the last one out closes it.
    expect((await owner.client.delete(`/api/teams/${teamId}/membership`)).status).toBe(200);
    page = (await second.client.get(`/api/teams/${teamId}`)).body;
    expect(page.me.owner).toBe(true);
    expect((await second.client.delete(`/api/teams/${teamId}/membership`)).status).toBe(200);
    page = (await second.client.get(`/api/teams/${teamId}`)).body;
    expect(page.closed).toBe(true);
    expect(page.rank).toBeNull();
    // Boards are cached until the next act: one, then the closed team is gone from them.
    await actBy(server, outsider.client);
    expect((await teamBoard(outsider.client, "walking_team")).find((row) => row.id === teamId)).toBeUndefined();
    // A closed team's name is free again.
    expect((await outsider.client.post("/api/teams", { kind: "walking", name })).status).toBe(201);
    await expectNoDrift(server);
  });

  it("lets the owner rename, change the password (the old invite stops working), set the challenge, remove a member and hand over", async () => {
    const server = suite.server;
    const [owner, member, other] = [await signedInUser(server), await signedInUser(server), await signedInUser(server)];
    const created = await owner.client.post("/api/teams", { kind: "work", name: `Atelier ${Date.now().toString(36)}` });
    const teamId = created.body.id as string;
    // No password: only the invite link lets people in.
    expect((await member.client.post("/api/teams/join-by-invite", { invite: created.body.invitePath })).status).toBe(200);

    expect((await member.client.patch(`/api/teams/${teamId}`, { name: "Pris par un membre" })).body.error.code).toBe("team_owner_only");
    expect((await owner.client.patch(`/api/teams/${teamId}`, { name: "L'Atelier du Vieux-Port" })).status).toBe(200);
    expect((await owner.client.patch(`/api/teams/${teamId}`, { name: "ab" })).status).toBe(400);
    expect((await owner.client.patch(`/api/teams/${teamId}`, { name: "Kindly Team" })).status).toBe(400);

    const changed = await owner.client.put(`/api/teams/${teamId}/password`, { password: "nouveau-mot" });
    expect(changed.status).toBe(200);
    expect(changed.body.invitePath).not.toBe(created.body.invitePath);
    expect((await other.client.post("/api/teams/join-by-invite", { invite: created.body.invitePath })).body.error.code).toBe(
      "team_invite_invalid",
    );

    // The monthly challenge: members × the per-member target, within bounds.
    expect((await owner.client.put(`/api/teams/${teamId}/challenge`, { target: 0 })).status).toBe(400);
    expect((await owner.client.put(`/api/teams/${teamId}/challenge`, { target: 2 })).status).toBe(200);
    await actBy(server, member.client);
    let page = (await owner.client.get(`/api/teams/${teamId}`)).body;
    expect(page.name).toBe("L'Atelier du Vieux-Port");
    expect(page.challenge).toEqual({ target: 2, goal: 4, acts: 1, reached: false });

    const memberKey = page.members.find((m: { isOwner: boolean }) => !m.isOwner).key as string;
    expect((await member.client.delete(`/api/teams/${teamId}/members/${memberKey}`)).body.error.code).toBe("team_owner_only");
    expect((await owner.client.post(`/api/teams/${teamId}/owner`, { memberKey })).status).toBe(200);
    page = (await member.client.get(`/api/teams/${teamId}`)).body;
    expect(page.me.owner).toBe(true);
    const formerOwnerKey = page.members.find((m: { isOwner: boolean }) => !m.isOwner).key as string;
    expect((await member.client.delete(`/api/teams/${teamId}/members/${formerOwnerKey}`)).status).toBe(200);
    page = (await owner.client.get(`/api/teams/${teamId}`)).body;
    expect(page.me.member).toBe(false);
    expect(page.memberCount).toBe(1);
  });

  it("celebrates a reached monthly challenge once, telling the members who chose it", async () => {
    const server = suite.server;
    const [owner, member] = [await signedInUser(server), await signedInUser(server)];
    const name = `Défi ${Date.now().toString(36)}`;
    const created = await owner.client.post("/api/teams", { kind: "walking", name });
    await member.client.post("/api/teams/join-by-invite", { invite: created.body.invitePath });
    expect((await owner.client.put(`/api/teams/${created.body.id}/challenge`, { target: 1 })).status).toBe(200);
    // The member asks for these by email too (push is the default); the owner keeps the default.
    const choice = await member.client.put("/api/me/notifications/settings", { kind: "teamChallenge", channel: "email", enabled: true });
    expect(choice.status).toBe(200);
    await member.client.patch("/api/me", { languagePreference: "fr" });

    await actBy(server, owner.client);
    await celebrateReachedChallenges(server.deps);
    expect((await owner.client.get(`/api/teams/${created.body.id}`)).body.challenge).toEqual({
      target: 1,
      goal: 2,
      acts: 1,
      reached: false,
    });
    await actBy(server, member.client);
    // Two servers looking at once: one celebration.
    const told = await Promise.all([celebrateReachedChallenges(server.deps), celebrateReachedChallenges(server.deps)]);
    expect(told.reduce((a, b) => a + b, 0)).toBe(1);
    await celebrateReachedChallenges(server.deps);
    const page = (await member.client.get(`/api/teams/${created.body.id}`)).body;
    expect(page.challenge).toEqual({ target: 1, goal: 2, acts: 2, reached: true });
    expect((await member.client.get("/api/me/teams")).body.walking.challenge.reached).toBe(true);
    const mails = (await outboxFor(server, member.email)).filter((mail) => mail.subject === `${name} a relevé son défi`);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text_body).toContain(
      `Votre équipe «\u00a0${name}\u00a0» a enregistré 2 gestes ce mois-ci et atteint son objectif de 2.`,
    );
    expect((await outboxFor(server, owner.email)).filter((mail) => mail.subject.includes("challenge"))).toEqual([]);
  });

  it("keeps a work team of an organisation to its people, and refuses joins past the hour's limit", async () => {
    const server = suite.server;
    const db = server.deps.db;
    const { org } = await buildOrganization(db, { name: "Boulangerie du Coin" });
    const [staff, employee, stranger] = [await signedInUser(server), await signedInUser(server), await signedInUser(server)];
    await addMember(db, org.id, staff.id);
    const refused = await stranger.client.post("/api/teams", { kind: "work", name: "Boulange", organizationId: org.id });
    expect(refused.body.error.code).toBe("team_organization_only");
    const created = await staff.client.post("/api/teams", {
      kind: "work",
      name: `Fournil ${Date.now().toString(36)}`,
      organizationId: org.id,
    });
    expect(created.status).toBe(201);
    expect((await stranger.client.post("/api/teams/join-by-invite", { invite: created.body.invitePath })).body.error.code).toBe(
      "team_organization_only",
    );
    // An employee who unlocked the organisation's workplace area belongs to it too.
    const code = await buildAccessCode(db, org.id);
    expect((await employee.client.post("/api/workplace/access", { code })).status).toBe(200);
    expect((await employee.client.post("/api/teams/join-by-invite", { invite: created.body.invitePath })).status).toBe(200);
    expect((await employee.client.get(`/api/teams/${created.body.id}`)).body.organizationName).toBe("Boulangerie du Coin");

    // Joining and leaving again and again: limited per hour, counted in the database.
    const hopper = await signedInUser(server);
    const answers = [];
    for (let i = 0; i <= JOINS_PER_HOUR; i++) {
      const join = await hopper.client.post("/api/teams/join-by-invite", { invite: created.body.invitePath });
      answers.push(join.status);
      if (join.status === 200) await hopper.client.delete(`/api/teams/${created.body.id}/membership`);
    }
    // Not of the organisation: refused each time, and refusals are not joins.
    expect(new Set(answers)).toEqual(new Set([403]));
    await addMember(db, org.id, hopper.id);
    const joins = [];
    for (let i = 0; i <= JOINS_PER_HOUR; i++) {
      const join = await hopper.client.post("/api/teams/join-by-invite", { invite: created.body.invitePath });
      joins.push(join.status);
      if (join.status === 200) await hopper.client.delete(`/api/teams/${created.body.id}/membership`);
    }
    expect(joins).toEqual([...Array(JOINS_PER_HOUR).fill(200), 429]);
  });

  it("refuses a fourth team created within a day, counted in the database", async () => {
    const creator = await signedInUser(suite.server);
    const tag = Date.now().toString(36);
    for (let i = 0; i < CREATIONS_PER_DAY; i++) {
      const created = await creator.client.post("/api/teams", { kind: "walking", name: `Essai ${tag} ${i}` });
      expect(created.status).toBe(201);
      // Leaving (the last one out closes it) frees the person for another walking team.
      expect((await creator.client.delete(`/api/teams/${created.body.id}/membership`)).status).toBe(200);
    }
    const refused = await creator.client.post("/api/teams", { kind: "walking", name: `Essai ${tag} ${CREATIONS_PER_DAY}` });
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe("rate_limited");
    expect(refused.body.error.message).toContain(String(CREATIONS_PER_DAY));
  });

  it("lets people report a team's name; the official account hides it (off the boards, a neutral name) or closes the team", async () => {
    const server = suite.server;
    const [owner, reporter, official] = [await signedInUser(server), await signedInUser(server), await signedInOfficial(server)];
    const name = `Rude ${Date.now().toString(36)}`;
    const created = await owner.client.post("/api/teams", { kind: "walking", name });
    const teamId = created.body.id as string;
    await actBy(server, owner.client);
    expect((await reporter.client.post(`/api/teams/${teamId}/reports`, { reason: "inappropriate" })).status).toBe(200);
    const queue = (await official.client.get("/api/admin/moderation?view=open")).body;
    expect(queue.items).toContainEqual(expect.objectContaining({ type: "team", id: teamId, text: name, author: owner.username }));

    expect((await official.client.post(`/api/admin/moderation/team/${teamId}/hide`, { reason: "Insulting name" })).status).toBe(204);
    await actBy(server, reporter.client);
    expect((await teamBoard(reporter.client, "walking_team")).find((row) => row.id === teamId)).toBeUndefined();
    const hidden = await reporter.client.get(`/api/teams/${teamId}`, { "accept-language": "fr-CA" });
    expect(hidden.body.name).toBe(`Équipe ${teamId.slice(0, 4).toUpperCase()}`);
    // Renamed by its owner, it is back.
    expect((await owner.client.patch(`/api/teams/${teamId}`, { name: `Gentils ${Date.now().toString(36)}` })).status).toBe(200);
    await actBy(server, reporter.client);
    expect((await teamBoard(reporter.client, "walking_team")).find((row) => row.id === teamId)).toBeDefined();

    expect((await reporter.client.post(`/api/admin/teams/${teamId}/close`)).status).toBe(403);
    expect((await official.client.post(`/api/admin/teams/${teamId}/close`)).status).toBe(204);
    const closed = (await owner.client.get(`/api/teams/${teamId}`)).body;
    expect(closed).toMatchObject({ closed: true, memberCount: 0, counts: { monthly: 1 } });
    expect((await owner.client.get("/api/me/teams")).body.walking).toBeNull();
    await expectNoDrift(server);
  });

  it("shows members to each other by the names they chose on joining, never on the public boards, and lets each change theirs", async () => {
    const server = suite.server;
    const [owner, friend, quiet] = [await signedInUser(server), await signedInUser(server), await signedInUser(server)];
    const created = await owner.client.post("/api/teams", {
      kind: "walking",
      name: `Amis ${Date.now().toString(36)}`,
      password: "secret12",
      memberName: "  Josée   T. ",
    });
    expect(created.status).toBe(201);
    const teamId = created.body.id as string;
    const name = (await owner.client.get(`/api/teams/${teamId}`)).body.name as string;
    expect((await friend.client.post("/api/teams/join", { kind: "walking", name, password: "secret12", memberName: "Marc" })).status).toBe(
      200,
    );
    // Joined without a name (an older client): the boards' rule names them, a pseudonym as they hide their username.
    expect((await quiet.client.post("/api/teams/join-by-invite", { invite: created.body.invitePath })).status).toBe(200);
    const names = async (client: TestClient) =>
      ((await client.get(`/api/teams/${teamId}`)).body.members as { name: string }[]).map((member) => member.name);
    expect(await names(friend.client)).toEqual(["Josée T.", "Marc", expect.stringMatching(/^Kindly #/)]);

    // Changed by the member only, checked as on joining.
    expect((await quiet.client.put(`/api/teams/${teamId}/me`, { memberName: "Kindly Support" })).status).toBe(400);
    expect((await quiet.client.put(`/api/teams/${teamId}/me`, { memberName: "" })).status).toBe(400);
    expect((await quiet.client.put(`/api/teams/${teamId}/me`, { memberName: "Léa" })).status).toBe(200);
    expect(await names(owner.client)).toEqual(["Josée T.", "Marc", "Léa"]);
    const outsider = await signedInUser(server);
    expect((await outsider.client.put(`/api/teams/${teamId}/me`, { memberName: "Intrus" })).body.error.code).toBe("team_members_only");
    // Not on the public boards, and not to people outside the team.
    await actBy(server, friend.client);
    const board = await server.deps.db.selectFrom("team_members").select("display_name").where("team_id", "=", teamId).execute();
    expect(board).toHaveLength(3);
    expect(JSON.stringify((await outsider.client.get("/api/leaderboards?board=individual&period=monthly")).body)).not.toContain("Marc");
    expect((await outsider.client.get(`/api/teams/${teamId}`)).body.members).toBeNull();
    // An erased person's name in teams goes with them.
    await server.deps.db.transaction().execute(async (trx) => {
      const { personalData } = await import("./personal-data.js");
      await personalData.eraseFor!(trx, friend.id, new Date());
    });
    const left = await server.deps.db.selectFrom("team_members").select("display_name").where("user_id", "=", friend.id).execute();
    expect(left).toEqual([{ display_name: null }]);
  });

  it("a purged account leaves its team, which goes on with what it counted", async () => {
    const server = suite.server;
    const [owner, member] = [await signedInUser(server), await signedInUser(server)];
    const created = await owner.client.post("/api/teams", {
      kind: "walking",
      name: `Export ${Date.now().toString(36)}`,
      password: "secret12",
    });
    await member.client.post("/api/teams/join-by-invite", { invite: created.body.invitePath });
    await actBy(server, owner.client);
    await actBy(server, member.client);
    await server.deps.db.transaction().execute((trx) => leaveAllTeams(trx, owner.id));
    const page = (await member.client.get(`/api/teams/${created.body.id}`)).body;
    expect(page).toMatchObject({ memberCount: 1, counts: { monthly: 2 }, me: { owner: true } });
    await expectNoDrift(server);
  });
});

describe("teams across two processes", () => {
  it("admit exactly as many members as a team holds, and count every act of members exactly while people join and leave", async () => {
    const first = await startTestServer("postgres");
    const second = await startTestServer("postgres", { database: { url: first.databaseUrl } });
    try {
      const db = first.deps.db;
      const [owner] = await buildUsers(db, first.deps.auth, 1);
      const ownerClient = new TestClient(first.url, { cookie: owner!.cookie });
      const created = await ownerClient.post("/api/teams", { kind: "walking", name: "La Grande Marche" });
      expect(created.status).toBe(201);
      const people = await buildUsers(db, first.deps.auth, TEAM_MAX_MEMBERS + 10);
      const clientOf = (i: number) => new TestClient((i % 2 ? second : first).url, { cookie: people[i]!.cookie });
      const answers = await Promise.all(
        people.map((_, i) => clientOf(i).post("/api/teams/join-by-invite", { invite: created.body.invitePath })),
      );
      expect(answers.filter((a) => a.status === 200)).toHaveLength(TEAM_MAX_MEMBERS - 1);
      expect(answers.filter((a) => a.status === 409).every((a) => a.body.error.code === "team_full")).toBe(true);

      // Members scan while others leave and newcomers join, on both servers at once.
      const inside = answers.flatMap((a, i) => (a.status === 200 ? [i] : []));
      const outside = answers.flatMap((a, i) => (a.status === 409 ? [i] : []));
      const places = await Promise.all(Array.from({ length: 3 }, async () => (await buildOrganization(db)).physical));
      await Promise.all([
        ...inside.slice(0, 30).flatMap((i) => places.map((place) => clientOf(i).post("/api/scans", place))),
        ...inside.slice(30, 40).map((i) => clientOf(i).delete(`/api/teams/${created.body.id}/membership`)),
        ...outside.map((i) => clientOf(i).post("/api/teams/join-by-invite", { invite: created.body.invitePath })),
        ...outside.flatMap((i) => places.map((place) => clientOf(i).post("/api/scans", place))),
      ]);
      const members = await db
        .selectFrom("team_members")
        .select((eb) => eb.fn.countAll<string>().as("n"))
        .where("team_id", "=", created.body.id)
        .where("left_at", "is", null)
        .executeTakeFirstOrThrow();
      expect(Number(members.n)).toBeLessThanOrEqual(TEAM_MAX_MEMBERS);
      // Whatever the interleaving, the team's count is its members' acts made while members.
      const report = await reconcileAggregates(db, { repair: false });
      expect(report.drift).toEqual([]);
      const page = (await ownerClient.get(`/api/teams/${created.body.id}`)).body;
      expect(page.counts.monthly).toBeGreaterThanOrEqual(90);
    } finally {
      await second.close();
      await first.close();
    }
  }, 120_000);

  it("let ten members and their owner leave at once on two servers: no deadlock, no 500, and the team closes with nobody in it", async () => {
    const first = await startTestServer("postgres");
    const second = await startTestServer("postgres", { database: { url: first.databaseUrl } });
    try {
      const db = first.deps.db;
      // Rounds, because a deadlock is a matter of timing: the owner's hand-over to a member who is leaving too.
      for (let round = 0; round < 4; round++) {
        const [owner, ...members] = await buildUsers(db, first.deps.auth, 11);
        const clientOf = (i: number, cookie: string) => new TestClient((i % 2 ? second : first).url, { cookie });
        const created = await clientOf(0, owner!.cookie).post("/api/teams", {
          kind: "walking",
          name: `Les Partants ${round} ${Date.now()}`,
        });
        expect(created.status).toBe(201);
        for (const [i, member] of members.entries()) {
          expect((await clientOf(i, member.cookie).post("/api/teams/join-by-invite", { invite: created.body.invitePath })).status).toBe(
            200,
          );
        }
        const everyone = [owner!, ...members];
        const answers = await Promise.all(
          everyone.map((person, i) => clientOf(i, person.cookie).delete(`/api/teams/${created.body.id}/membership`)),
        );
        expect(answers.map((answer) => answer.status)).toEqual(everyone.map(() => 200));
        const team = await db
          .selectFrom("teams")
          .select(["closed_at", "closed_reason"])
          .where("id", "=", created.body.id)
          .executeTakeFirstOrThrow();
        expect(team.closed_at).not.toBeNull();
        const open = await db
          .selectFrom("team_members")
          .select("id")
          .where("team_id", "=", created.body.id)
          .where("left_at", "is", null)
          .execute();
        expect(open).toEqual([]);
      }
      const report = await reconcileAggregates(db, { repair: false });
      expect(report.drift).toEqual([]);
    } finally {
      await second.close();
      await first.close();
    }
  }, 120_000);

  it("limit a team's password guesses across accounts and addresses, and answer a member of a team of that kind the same for right and wrong", async () => {
    // Limits as deployed (not the suite's scale), each account at its own address behind the proxy.
    const server = await startTestServer("postgres", { env: { RATE_LIMIT_SCALE: "1", TRUST_PROXY: "true" } });
    try {
      const [owner, ...guessers] = await buildUsers(server.deps.db, server.deps.auth, 5);
      const name = `Les Gardiens ${Date.now().toString(36)}`;
      const ownerClient = new TestClient(server.url, { cookie: owner!.cookie, "x-forwarded-for": "203.0.113.10" });
      expect((await ownerClient.post("/api/teams", { kind: "walking", name, password: "secret-sentier" })).status).toBe(201);
      const statuses: number[] = [];
      for (const [i, guesser] of guessers.entries()) {
        const client = new TestClient(server.url, { cookie: guesser.cookie, "x-forwarded-for": `203.0.113.${20 + i}` });
        for (let guess = 0; guess < 8; guess++) {
          statuses.push((await client.post("/api/teams/join", { kind: "walking", name, password: `guess-${i}-${guess}` })).status);
        }
      }
      // Eight tries each stay under the person's and the address's limits; the team's 30 are shared.
      expect(statuses.slice(0, 30).every((status) => status === 404)).toBe(true);
      expect(statuses.slice(30)).toEqual([429, 429]);

      // Someone already in a walking team: the same answer for this team's right password and a wrong one.
      const member = new TestClient(server.url, { cookie: guessers[0]!.cookie, "x-forwarded-for": "203.0.113.99" });
      expect((await member.post("/api/teams", { kind: "walking", name: `${name} B` })).status).toBe(201);
      const thirdTeam = `Les Troisièmes ${Date.now().toString(36)}`;
      const [maker] = await buildUsers(server.deps.db, server.deps.auth, 1);
      const makerClient = new TestClient(server.url, { cookie: maker!.cookie, "x-forwarded-for": "203.0.113.12" });
      expect((await makerClient.post("/api/teams", { kind: "walking", name: thirdTeam, password: "le-bon-mot" })).status).toBe(201);
      const right = await member.post("/api/teams/join", { kind: "walking", name: thirdTeam, password: "le-bon-mot" });
      const wrong = await member.post("/api/teams/join", { kind: "walking", name: thirdTeam, password: "le-mauvais" });
      expect([right.status, right.body.error.code]).toEqual([409, "team_already_joined"]);
      expect(wrong.body).toEqual(right.body);
    } finally {
      await server.close();
    }
  }, 120_000);
});
