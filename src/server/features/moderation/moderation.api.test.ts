import { describe, expect, it } from "vitest";
import { signedInOfficial, signedInUser } from "../../test/factories.js";
import { photo, photoForm } from "../../test/images.js";
import { testDrivers, useTestServer } from "../../test/test-server.js";

describe.each(testDrivers())("reports and moderation on %s", (driver) => {
  const suite = useTestServer(driver);

  it("brings a reported post to the Moderation tab, where hiding it removes it for everyone but keeps it for the record", async () => {
    const author = await signedInUser(suite.server);
    const reporter = await signedInUser(suite.server);
    const official = await signedInOfficial(suite.server);
    const post = (await author.client.upload("/api/gallery/posts", photoForm({ caption: "Look at this" }, await photo()))).body;
    const report = await reporter.client.post(`/api/gallery/posts/${post.id}/reports`, {
      reason: "inappropriate",
      details: "Not an act of kindness",
    });
    expect(report.status).toBe(200);

    const open = (await official.client.get("/api/admin/moderation?view=open")).body.items;
    expect(open.find((item: { id: string }) => item.id === post.id)).toMatchObject({
      type: "post",
      author: author.username,
      text: "Look at this",
      openReports: 1,
      reasons: ["inappropriate"],
      details: ["Not an act of kindness"],
      hidden: null,
    });

    expect((await official.client.post(`/api/admin/moderation/post/${post.id}/hide`, { reason: "Off-topic photo" })).status).toBe(204);
    const gallery = (await suite.client.fresh().get("/api/gallery/posts")).body.posts;
    expect(gallery.some((p: { id: string }) => p.id === post.id)).toBe(false);
    expect((await suite.client.fresh().bytes(post.image.url)).status).toBe(404);
    expect((await author.client.bytes(post.thumbnail.url)).status).toBe(404);
    // The official account still sees it, with who hid it and why.
    expect((await official.client.bytes(post.thumbnail.url)).status).toBe(200);
    const hidden = (await official.client.get("/api/admin/moderation?view=hidden")).body.items;
    expect(hidden.find((item: { id: string }) => item.id === post.id).hidden).toMatchObject({ reason: "Off-topic photo" });
    const open2 = (await official.client.get("/api/admin/moderation?view=open")).body.items;
    expect(open2.some((item: { id: string }) => item.id === post.id)).toBe(false);
    const record = await suite.server.deps.db.selectFrom("moderation_actions").selectAll().where("content_id", "=", post.id).execute();
    expect(record).toEqual([expect.objectContaining({ action: "hide", reason: "Off-topic photo", author_id: author.id })]);

    expect((await official.client.post(`/api/admin/moderation/post/${post.id}/restore`)).status).toBe(204);
    expect((await suite.client.fresh().get("/api/gallery/posts")).body.posts.some((p: { id: string }) => p.id === post.id)).toBe(true);
  });

  it("keeps moderation to the official account", async () => {
    const author = await signedInUser(suite.server);
    const other = await signedInUser(suite.server);
    const message = (await author.client.post("/api/chat/messages", { body: "Gave directions to a tourist" })).body;
    expect((await other.client.get("/api/admin/moderation")).status).toBe(403);
    expect((await other.client.post(`/api/admin/moderation/message/${message.id}/hide`, { reason: "no" })).status).toBe(403);
    expect((await suite.client.fresh().post(`/api/admin/moderation/message/${message.id}/hide`, { reason: "no" })).status).toBe(401);
    expect((await suite.client.fresh().get("/api/chat/messages")).body.messages.some((m: { id: string }) => m.id === message.id)).toBe(
      true,
    );
  });

  it("mutes an author for 7 days once three of their items are hidden within 30 days, saying until when", async () => {
    const author = await signedInUser(suite.server);
    const official = await signedInOfficial(suite.server);
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push((await author.client.post("/api/chat/messages", { body: `rude message ${i}` })).body.id);
    await official.client.post(`/api/admin/moderation/message/${ids[0]}/hide`, { reason: "Rude" });
    await official.client.post(`/api/admin/moderation/message/${ids[1]}/hide`, { reason: "Rude" });
    expect((await author.client.post("/api/chat/messages", { body: "still allowed" })).status).toBe(201);
    await official.client.post(`/api/admin/moderation/message/${ids[2]}/hide`, { reason: "Rude" });

    const muted = await author.client.post("/api/chat/messages", { body: "one more" });
    expect(muted.status).toBe(403);
    expect(muted.body.error.code).toBe("muted");
    const until = new Date(muted.body.error.details.mutedUntil);
    expect(until.getTime() - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    expect(until.getTime() - Date.now()).toBeLessThanOrEqual(7 * 86_400_000);
    expect(muted.body.error.message).toContain(until.toISOString().slice(0, 10));
    const photoRefused = await author.client.upload("/api/gallery/posts", photoForm({ caption: "A photo" }, await photo()));
    expect(photoRefused.body.error.code).toBe("muted");
    // Reading and liking still work.
    expect((await author.client.get("/api/chat/messages")).status).toBe(200);

    // Restoring one brings the author under the limit again.
    await official.client.post(`/api/admin/moderation/message/${ids[2]}/restore`);
    expect((await author.client.post("/api/chat/messages", { body: "back again" })).status).toBe(201);
  });

  it("refuses reports of hidden or unknown items and takes one report per person", async () => {
    const author = await signedInUser(suite.server);
    const reporter = await signedInUser(suite.server);
    const official = await signedInOfficial(suite.server);
    const message = (await author.client.post("/api/chat/messages", { body: "Shovelled a driveway" })).body;
    await reporter.client.post(`/api/chat/messages/${message.id}/reports`, { reason: "spam" });
    await reporter.client.post(`/api/chat/messages/${message.id}/reports`, { reason: "harassment" });
    const item = (await official.client.get("/api/admin/moderation")).body.items.find((i: { id: string }) => i.id === message.id);
    expect(item).toMatchObject({ openReports: 1, reasons: ["harassment"] });
    expect((await reporter.client.post(`/api/chat/messages/${message.id}/reports`, { reason: "nonsense" })).status).toBe(400);
    expect((await reporter.client.post("/api/chat/messages/no-such-message/reports", { reason: "spam" })).status).toBe(404);
    await official.client.post(`/api/admin/moderation/message/${message.id}/dismiss`);
    expect((await official.client.get("/api/admin/moderation")).body.items.some((i: { id: string }) => i.id === message.id)).toBe(false);
  });
});
