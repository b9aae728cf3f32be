import { db } from "@/tests/support/test-db";
import { execFile } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeFrameIndex } from "@/lib/video/frame-code";
import { ffmpegPath } from "@/lib/video/tool-paths";
import { frameImageFile } from "@/lib/video-library/frame-image";
import { mediaStorage } from "@/lib/storage/media-storage";
import { removeTempDir } from "@/lib/video/video-test-fixtures";
import { GET as getFrame } from "@/app/api/videos/[id]/frames/[frame]/route";
import { call } from "@/tests/support/requests";
import { createTestUser } from "@/tests/support/users";
import { annotationProject, annotationVideos, type AnnotationVideos } from "./annotation-helpers";

/**
 * The frame image of the annotation workspace (O2 identities' first appearances): exactly the
 * requested frame, read back from the picture's own frame index, on a CFR video and on one with
 * a 2.5 s first-frame offset; frames outside the video are a 422 naming the field.
 */
let videos: AnnotationVideos;

beforeAll(async () => {
  videos = await annotationVideos();
}, 120_000);
afterAll(async () => {
  await removeTempDir(videos.dir);
});

function rgba(file: string): Promise<{ data: Uint8Array; width: number; height: number }> {
  return new Promise((resolve, reject) => {
    execFile(ffmpegPath(), ["-v", "error", "-i", file, "-f", "rawvideo", "-pix_fmt", "rgba", "pipe:1"], { encoding: "buffer", maxBuffer: 64 << 20 }, (err, stdout) => {
      if (err) return reject(err);
      execFile(ffmpegPath(), ["-i", file], { encoding: "utf8" }, (_e, _o, stderr) => {
        const m = /, (\d+)x(\d+)/.exec(String(stderr));
        if (!m) return reject(new Error(`no size in ${stderr}`));
        resolve({ data: new Uint8Array(stdout), width: Number(m[1]), height: Number(m[2]) });
      });
    });
  });
}

async function indexOf(videoId: string, frame: number): Promise<number | null> {
  const video = await db.video.findUniqueOrThrow({ where: { id: videoId } });
  const file = await frameImageFile(video, frame, 640);
  const img = await mediaStorage().withLocalFile(file.key, rgba);
  return decodeFrameIndex(img.data, img.width, img.height);
}

describe("frameImageFile", () => {
  it("shows exactly the requested frame (CFR and first-frame offset), stored once", async () => {
    for (const frame of [0, 1, 13, 29]) expect(await indexOf(videos.cfr, frame)).toBe(frame);
    for (const frame of [0, 7, 19]) expect(await indexOf(videos.offset, frame)).toBe(frame);
    const video = await db.video.findUniqueOrThrow({ where: { id: videos.cfr } });
    const a = await frameImageFile(video, 13, 640);
    const stored = await mediaStorage().head(a.key);
    expect(stored?.size).toBeGreaterThan(0);
    const b = await frameImageFile(video, 13, 640);
    expect(b).toEqual(a);
    // The second call answered from the stored image (not written again).
    expect(await mediaStorage().head(a.key)).toEqual(stored);
    expect(a.contentType).toBe("image/jpeg");
  }, 120_000);

  it("refuses frames outside the video, naming the field", async () => {
    const video = await db.video.findUniqueOrThrow({ where: { id: videos.cfr } });
    await expect(frameImageFile(video, 30)).rejects.toMatchObject({ status: 422, message: "frame: must be a whole frame index from 0 to 29" });
    await expect(frameImageFile(video, -1)).rejects.toMatchObject({ status: 422 });
  });
});

describe("GET /api/videos/:id/frames/:frame", () => {
  it("serves the JPEG to members' staff only; bad frames are a 422 naming the field", async () => {
    const admin = await createTestUser({ role: "ADMIN" });
    const member = await createTestUser({ role: "ANNOTATOR" });
    const outsider = await createTestUser({ role: "ANNOTATOR" });
    const participant = await createTestUser({ role: "PARTICIPANT" });
    await annotationProject("VCBENCH", [{ externalId: "f1", videoId: videos.cfr }], [{ id: member.id, role: "ANNOTATOR" }]);
    const get = (as: typeof admin | null, frame: string) => call(getFrame, `/api/videos/${videos.cfr}/frames/${frame}`, { as, params: { id: videos.cfr, frame } });
    const ok = await get(member, "5");
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-type")).toBe("image/jpeg");
    expect((await get(admin, "5")).status).toBe(200);
    expect((await get(outsider, "5")).status).toBe(404);
    expect((await get(participant, "5")).status).toBe(403);
    expect((await get(null, "5")).status).toBe(401);
    const bad = await get(member, "x1");
    expect(bad.status).toBe(422);
    expect(JSON.stringify(bad.json)).toContain("frame: must be a whole frame index");
    const out = await get(member, "30");
    expect(out.status).toBe(422);
    expect(JSON.stringify(out.json)).toContain("from 0 to 29");
  }, 60_000);
});
