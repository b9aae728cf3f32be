import { describe, expect, it, vi } from "vitest";

// As in auth-db-down.test.ts: the app is pointed at a database that cannot be reached (PostgreSQL:
// a closed port; SQLite: a path that is a directory) before anything loads; the data directory
// is a fresh temporary one, so any file an upload leaves behind would be seen.
const target = vi.hoisted(() => {
  const provider = (process.env.TEST_DB ?? "sqlite").startsWith("postgres") ? "postgresql" : "sqlite";
  const dir = process.env.TMPDIR || "/tmp";
  process.env.DATABASE_URL = provider === "postgresql" ? "postgresql://postgres@127.0.0.1:1/nowhere" : `file:${dir}`;
  process.env.NEXTAUTH_SECRET ||= "playhead-test-secret";
  process.env.PLAYHEAD_DATA_DIR = `${dir}/playhead-db-down-${process.pid}-${Date.now()}`;
  return provider;
});

import { readFile, rm } from "node:fs/promises";
import path from "node:path";
import { afterAll } from "vitest";
import { GET as getMedia } from "@/app/api/media/[videoId]/route";
import { GET as listVideos } from "@/app/api/videos/route";
import { PUT as upload } from "@/app/api/videos/upload/route";
import { generateInto, makeTempDir, miniDemoSpec, removeTempDir } from "@/lib/video/video-test-fixtures";
import { call } from "@/tests/support/requests";
import { listTree } from "./videos-helpers";

const admin = { id: "some-admin", role: "ADMIN" };
const dataDir = process.env.PLAYHEAD_DATA_DIR!;
let work = "";

afterAll(async () => {
  if (work) await removeTempDir(work);
  await rm(dataDir, { recursive: true, force: true });
});

describe("video library with the database down", () => {
  it(`library, media and upload answer 503 JSON without internals, and an upload leaves no file (${target})`, async () => {
    work = await makeTempDir("playhead-db-down-");
    const video = await generateInto(work, miniDemoSpec("cfr30", 10));
    const responses = [
      await call(listVideos, "/api/videos", { as: admin }),
      await call(getMedia, "/api/media/some-video", { as: admin, params: { videoId: "some-video" } }),
      await call(upload, "/api/videos/upload", {
        method: "PUT",
        as: admin,
        body: await readFile(video),
        headers: { "x-file-name": "during-outage.mp4", "content-type": "application/octet-stream" },
      }),
    ];
    for (const res of responses) {
      expect(res.status).toBe(503);
      expect(res.json).toEqual({ error: { code: "database_unavailable", message: "The database is unavailable. Try again shortly." } });
      expect(res.text).not.toMatch(/prisma|ECONNREFUSED|SQLITE|\/tmp\//i);
    }
    expect(await listTree(path.join(dataDir, "videos"))).toEqual([]);
    expect(await listTree(path.join(dataDir, "tmp"))).toEqual([]);
  }, 60_000);
});
