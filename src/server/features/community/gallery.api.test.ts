import { describe, expect, it } from "vitest";
import { buildOrganization, buildUsers, signedInOfficial, signedInUser } from "../../test/factories.js";
import { TestClient } from "../../test/http-client.js";
import { photo, photoForm } from "../../test/images.js";
import { testDrivers, useTestServer } from "../../test/test-server.js";

describe.each(testDrivers())("the acts gallery on %s", (driver) => {
  const suite = useTestServer(driver);

  it("links a post to one of the author's own acts only, showing its number and organisation", async () => {
    const { db, auth } = suite.server.deps;
    const { physical, org } = await buildOrganization(db);
    const [author, stranger] = await buildUsers(db, auth, 2);
    const authorClient = new TestClient(suite.server.url, { cookie: author!.cookie });
    const act = (await authorClient.post("/api/scans", physical)).body;
    const strangerAct = (await new TestClient(suite.server.url, { cookie: stranger!.cookie }).post("/api/scans", physical)).body;
    expect((await authorClient.get("/api/gallery/my-acts")).body.acts[0]).toMatchObject({
      id: act.actId,
      number: act.actNumber,
      organizationName: org.name,
    });

    const refused = await authorClient.upload(
      "/api/gallery/posts",
      photoForm({ caption: "Not mine", actId: strangerAct.actId }, await photo()),
    );
    expect(refused.body.error).toMatchObject({ code: "invalid_input", field: "actId" });
    const post = await authorClient.upload("/api/gallery/posts", photoForm({ caption: "Mine", actId: act.actId }, await photo()));
    expect(post.status).toBe(201);
    expect(post.body.act).toEqual({ number: act.actNumber, organizationName: org.name });
    const none = await authorClient.upload("/api/gallery/posts", photoForm({ caption: "No act" }, await photo()));
    expect(none.body.act).toBeNull();
  });

  it("counts one like per person under concurrency, counts shares, and totals the tiles from data", async () => {
    const { db, auth } = suite.server.deps;
    const author = await signedInUser(suite.server);
    const before = (await suite.client.get("/api/gallery/stats")).body;
    const post = (await author.client.upload("/api/gallery/posts", photoForm({ caption: "Flowers for a nurse" }, await photo()))).body;
    const fans = await buildUsers(db, auth, 6);
    await Promise.all(
      fans.flatMap((fan) =>
        [0, 1, 2, 3].map(() => new TestClient(suite.server.url, { cookie: fan.cookie }).put(`/api/gallery/posts/${post.id}/like`)),
      ),
    );
    const visitor = suite.client.fresh();
    expect((await visitor.post(`/api/gallery/posts/${post.id}/shares`)).body.shares).toBe(1);
    expect((await visitor.post(`/api/gallery/posts/${post.id}/shares`)).body.shares).toBe(2);
    const seen = (await new TestClient(suite.server.url, { cookie: fans[0]!.cookie }).get(`/api/gallery/posts/${post.id}`)).body;
    expect(seen).toMatchObject({ likes: 6, likedByMe: true, shares: 2, username: author.username });
    const after = (await suite.client.get("/api/gallery/stats")).body;
    expect(after).toEqual({ photos: before.photos + 1, likes: before.likes + 6, shares: before.shares + 2 });
  });

  it("lets visitors look but not post, like or report; nobody but the author deletes, nobody but the official account hides", async () => {
    const author = await signedInUser(suite.server);
    const other = await signedInUser(suite.server);
    const official = await signedInOfficial(suite.server);
    const post = (await author.client.upload("/api/gallery/posts", photoForm({ caption: "Soup for a neighbour" }, await photo()))).body;
    const visitor = suite.client.fresh();
    expect((await visitor.get(`/api/gallery/posts/${post.id}`)).status).toBe(200);
    expect((await visitor.bytes(post.thumbnail.url)).status).toBe(200);
    expect((await visitor.upload("/api/gallery/posts", photoForm({ caption: "x" }, await photo()))).status).toBe(401);
    expect((await visitor.put(`/api/gallery/posts/${post.id}/like`)).status).toBe(401);
    expect((await visitor.post(`/api/gallery/posts/${post.id}/reports`, { reason: "spam" })).status).toBe(401);
    expect((await other.client.delete(`/api/gallery/posts/${post.id}`)).status).toBe(403);
    expect((await official.client.delete(`/api/gallery/posts/${post.id}`)).status).toBe(403);
    expect((await other.client.post(`/api/admin/moderation/post/${post.id}/hide`, { reason: "mine now" })).status).toBe(403);
    expect((await visitor.get(`/api/gallery/posts/${post.id}`)).status).toBe(200);
  });
});
