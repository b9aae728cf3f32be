import { stat } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeFrameCodes, decodeFramesRgba } from "./decode-frames";
import {
  DEMO_VIDEOS,
  demoDurationSeconds,
  demoFirstPtsSeconds,
  demoFrameCount,
  demoIsVariableFrameRate,
  demoObjectBoxAt,
  demoPtsTicks,
  getDemoVideo,
} from "./demo-videos";
import { demoSetptsExpression, ensureDemoVideos, type EnsuredDemoVideo } from "./generate-demo-video";
import { probeVideo, type VideoProbe } from "./probe-video";
import { makeTempDir, removeTempDir } from "./video-test-fixtures";

let dir = "";
let made: EnsuredDemoVideo[] = [];
const probes = new Map<string, VideoProbe>();

beforeAll(async () => {
  dir = await makeTempDir();
  made = await ensureDemoVideos(dir, DEMO_VIDEOS);
  for (const m of made) probes.set(m.spec.id, await probeVideo(m.file));
}, 60_000);

afterAll(() => removeTempDir(dir));

describe("setpts expression", () => {
  it("is piecewise over the runs", () => {
    expect(demoSetptsExpression(getDemoVideo("cfr30"))).toBe("0+(N-0)*3000");
    expect(demoSetptsExpression(getDemoVideo("offset"))).toBe("225000+(N-0)*3600");
    expect(demoSetptsExpression(getDemoVideo("vfr"))).toBe(
      "if(lt(N,120),0+(N-0)*3000,if(lt(N,180),360000+(N-120)*6000,if(lt(N,360),720000+(N-180)*1500,990000+(N-360)*3750)))",
    );
  });
});

describe("generated demo videos", () => {
  it("are generated once, then kept (idempotent)", async () => {
    expect(made.every((m) => m.generated)).toBe(true);
    const before = await stat(made[0].file);
    const again = await ensureDemoVideos(dir, DEMO_VIDEOS);
    expect(again.every((m) => !m.generated)).toBe(true);
    expect((await stat(made[0].file)).mtimeMs).toBe(before.mtimeMs);
  });

  it.each(DEMO_VIDEOS.map((v) => [v.id]))("%s has exactly the specified frames and timestamps", (id) => {
    const spec = getDemoVideo(id);
    const p = probes.get(id)!;
    expect(p.frameCount).toBe(demoFrameCount(spec));
    expect(p.width).toBe(spec.width);
    expect(p.height).toBe(spec.height);
    expect(p.videoCodec).toBe(spec.videoCodec);
    expect(p.containerKind).toBe(spec.container === "mp4" ? "mp4" : "matroska");
    expect(p.audioCodec).toBe(spec.audio ? "aac" : null);
    expect(p.timeBase.den).toBe(spec.timeScale);
    expect(p.ptsTable.pts).toEqual(demoPtsTicks(spec).slice(0, -1));
    expect(p.firstPts).toBe(demoFirstPtsSeconds(spec));
    expect(p.variableFrameRate).toBe(demoIsVariableFrameRate(spec));
    expect(p.duration).toBeCloseTo(demoDurationSeconds(spec), 2);
  });

  it("the VFR video's frame durations differ (1/60 to 1/15 s)", () => {
    const p = probes.get("vfr")!;
    expect(p.minFrameDuration).toBeCloseTo(1 / 60, 9);
    expect(p.maxFrameDuration).toBeCloseTo(1 / 15, 9);
    expect(p.nominalFrameRate.text).not.toBe(p.avgFrameRate.text);
  });

  it("the offset video starts at 2.5 s", () => {
    const p = probes.get("offset")!;
    expect(p.firstPts).toBe(2.5);
    expect(p.formatStartTime).toBe(2.5);
    expect(p.duration).toBe(10);
  });

  it("every decoded frame of the VFR video carries its own index in the frame code", async () => {
    const file = made.find((m) => m.spec.id === "vfr")!.file;
    const codes = await decodeFrameCodes(file, { width: 640, height: 360 });
    expect(codes).toEqual(Array.from({ length: 480 }, (_, i) => i));
  });

  it("draws the objects where the ground truth says", async () => {
    const spec = getDemoVideo("cfr30");
    const file = made.find((m) => m.spec.id === "cfr30")!.file;
    const frames = await decodeFramesRgba(file, { width: 640, height: 360 }, { maxFrames: 130 });
    const colourAt = (n: number, x: number, y: number) => {
      const o = (y * 640 + x) * 4;
      return [frames[n][o], frames[n][o + 1], frames[n][o + 2]];
    };
    const red = spec.objects.find((o) => o.id === "red-box")!;
    const yellow = spec.objects.find((o) => o.id === "yellow-circle")!;
    for (const [obj, n] of [[red, 30], [red, 129], [yellow, 90], [yellow, 129]] as const) {
      const b = demoObjectBoxAt(obj, n)!;
      const c = colourAt(n, b.x + b.width / 2, b.y + b.height / 2);
      c.forEach((v, k) => expect(Math.abs(v - obj.color[k])).toBeLessThan(30));
    }
    const b = demoObjectBoxAt(red, 30)!;
    const c = colourAt(29, b.x + b.width / 2, b.y + b.height / 2);
    expect(Math.abs(c[0] - red.color[0])).toBeGreaterThan(60); // not yet there in frame 29
  });
});
