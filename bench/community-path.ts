import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import sharp from "sharp";
import { buildUsers } from "../src/server/test/factories.js";
import { dropSchema, freshSchema, openSchema, startBenchServer } from "./bench-server.js";
import { expectOk, percentile, row, runConcurrently } from "./load.js";

const CLIENTS = 50;
const SENDS_PER_CLIENT = 8; // under the chat's limit of 10 a minute per person
const READS_PER_CLIENT = 10;
const SEEDED_MESSAGES = 20_000;
const UPLOADS = 5;
const MAX_BYTES = 10 * 1024 * 1024;

/**
 * A 24-megapixel (6,000 × 4,000) JPEG just under 10 MB, like a phone's
 * photo: a gradient with fine noise, at the highest quality that fits.
 */
async function phonePhoto(): Promise<Buffer> {
  const width = 6000;
  const height = 4000;
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0, seed = 7; i < pixels.length; i++) {
    seed = (seed * 1103515245 + 12345) >>> 0;
    const x = (i / 3) % width;
    pixels[i] = Math.min(255, Math.floor((x / width) * 150) + (seed >>> 25));
  }
  for (let quality = 100; quality >= 50; quality -= 1) {
    const jpeg = await sharp(pixels, { raw: { width, height, channels: 3 } })
      .jpeg({ quality })
      .toBuffer();
    if (jpeg.length <= MAX_BYTES) return jpeg;
  }
  throw new Error("could not make a 24-megapixel JPEG under 10 MB");
}

function uploadForm(photo: Buffer, caption: string): FormData {
  const form = new FormData();
  form.set("caption", caption);
  form.set("photo", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), "IMG_2048.jpg");
  return form;
}

export async function communityPath(): Promise<void> {
  console.log(`\nCommunity: chat at ${CLIENTS} concurrent clients, and photo uploads, PostgreSQL`);
  const schema = await freshSchema("kindly_bench_community");
  const uploads = mkdtempSync(path.join(tmpdir(), "kindly-bench-uploads-"));
  const server = await startBenchServer(schema, 3941, { UPLOADS_DIR: uploads });
  const database = await openSchema(schema);
  try {
    const people = await buildUsers(database.db, server.signing, CLIENTS);
    await sql`
      insert into chat_messages (id, user_id, body, like_count, created_at)
      select 'seed' || i, ${people[0]!.id}, 'A kind act, story number ' || i, i % 7, now() - (i || ' seconds')::interval
      from generate_series(1, ${sql.lit(SEEDED_MESSAGES)}) as i`.execute(database.db);
    await sql`vacuum analyze chat_messages`.execute(database.db);

    const sends = people.flatMap((person, p) =>
      Array.from(
        { length: SENDS_PER_CLIENT },
        (_, i) => () =>
          expectOk(
            fetch(`${server.url}/api/chat/messages`, {
              method: "POST",
              headers: { cookie: person.cookie, "content-type": "application/json" },
              body: JSON.stringify({ body: `Held the door, note ${p}-${i}` }),
            }),
            201,
          ),
      ),
    );
    const read = (person: (typeof people)[number]) => () =>
      expectOk(fetch(`${server.url}/api/chat/messages`, { headers: { cookie: person.cookie } }));
    const reads = people.flatMap((person) => Array.from({ length: READS_PER_CLIENT }, () => read(person)));
    await runConcurrently(CLIENTS, reads.slice(0, CLIENTS)); // warm-up
    // What this machine gives any request at this concurrency: no database, a tiny answer.
    const floor = await runConcurrently(
      CLIENTS,
      Array.from({ length: 500 }, () => () => expectOk(fetch(`${server.url}/api/public-config`))),
    );
    const sent = await runConcurrently(CLIENTS, sends);
    const feed = await runConcurrently(CLIENTS, reads);
    console.log(`  ${SEEDED_MESSAGES.toLocaleString("en")} messages already in the chat; feed = the latest 100 with likes`);
    row(
      `(floor: GET /api/public-config, ${CLIENTS} clients, p95; p50 ${percentile(floor.latencies, 50).toFixed(1)})`,
      `${percentile(floor.latencies, 95).toFixed(1)} ms`,
      "(reference)",
    );
    row(
      `chat send, ${CLIENTS} concurrent clients, p95 (p50 ${percentile(sent.latencies, 50).toFixed(1)})`,
      `${percentile(sent.latencies, 95).toFixed(1)} ms`,
      "≤ 30 ms",
    );
    row(
      `chat feed read, ${CLIENTS} concurrent clients, p95 (p50 ${percentile(feed.latencies, 50).toFixed(1)})`,
      `${percentile(feed.latencies, 95).toFixed(1)} ms`,
      "≤ 30 ms",
    );

    // Photo processing: a 10 MB, 24-megapixel JPEG, while 10 readers keep reading the chat.
    const photo = await phonePhoto();
    const author = people[1]!;
    const upload = async () => {
      const response = await fetch(`${server.url}/api/gallery/posts`, {
        method: "POST",
        headers: { cookie: author.cookie },
        body: uploadForm(photo, "A sunrise for the night nurses"),
      });
      await response.arrayBuffer();
      if (response.status !== 201) throw new Error(`upload answered ${response.status}`);
    };
    await upload(); // warm-up: sharp's first use loads libvips
    const quietReads = await runConcurrently(10, reads.slice(0, 300));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    // The idle level: after a first upload and with the readers' load already seen once.
    const baseline = server.rssMegabytes();
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, server.rssMegabytes())), 20);
    const times: number[] = [];
    let busy = true;
    const readsDuringUploads: number[] = [];
    const readers = Array.from({ length: 10 }, async (_, i) => {
      while (busy) {
        const t0 = performance.now();
        await read(people[2 + i]!)();
        readsDuringUploads.push(performance.now() - t0);
      }
    });
    for (let i = 0; i < UPLOADS; i++) {
      const t0 = performance.now();
      await upload();
      times.push(performance.now() - t0);
    }
    busy = false;
    await Promise.all(readers);
    clearInterval(sampler);
    console.log(
      `  photo: ${(photo.length / 1024 / 1024).toFixed(1)} MB, 6,000 × 4,000 px; ${UPLOADS} uploads one after another, 10 chat readers meanwhile`,
    );
    row(
      `10 MB 24 MP JPEG upload, verified, re-encoded, stored (median of ${UPLOADS})`,
      `${(percentile(times, 50) / 1000).toFixed(2)} s`,
      "≤ 1.5 s",
    );
    row("  slowest of those uploads", `${(Math.max(...times) / 1000).toFixed(2)} s`, "(none)");
    row("server memory above its idle level while processing", `${(peak - baseline).toFixed(0)} MB`, "≤ 150 MB");
    row("chat feed read p95, 10 readers, no upload running", `${percentile(quietReads.latencies, 95).toFixed(1)} ms`, "(reference)");
    row("chat feed read p95, 10 readers, during uploads", `${percentile(readsDuringUploads, 95).toFixed(1)} ms`, "≈ the reference");
  } finally {
    await database.close();
    await server.stop();
    rmSync(uploads, { recursive: true, force: true });
    if (!process.env.BENCH_KEEP) await dropSchema(schema);
  }
}
