/**
 * The deterministic demo videos, described as data so that tests, the seed and the
 * generator (`scripts/generate-demo-videos.ts`) share one ground truth.
 *
 * PURE: no Node.
 *
 * Frame timing: a video is a list of constant-rate runs (`runs`); frame n's
 * presentation time is `firstPtsTicks + sum of the durations of frames 0..n-1`,
 * in ticks of 1/`timeScale` s (exact integers for the MP4 videos, timescale
 * 90000; the Matroska video is stored in milliseconds, so its times are the
 * exact times rounded to the nearest millisecond).
 *
 * Objects: visible in frames `appearFrame <= n < disappearFrame` (so the object
 * "disappears at" `disappearFrame`, the first frame without it). In frame n its
 * top-left corner is `(round(x + vx*(n-appearFrame)), round(y + vy*(n-appearFrame)))`
 * and its bounding box is `width` x `height` px (a circle fills the ellipse inscribed
 * in that box). Velocities are per frame, not per second.
 */

export type Rgb = readonly [number, number, number];

export type DemoObject = {
  id: string;
  label: string;
  shape: "box" | "circle";
  color: Rgb;
  width: number;
  height: number;
  appearFrame: number;
  /** First frame in which the object is no longer visible (exclusive end). */
  disappearFrame: number;
  x: number;
  y: number;
  vx: number;
  vy: number;
};

/** A run of frames at a constant rate `fps[0]/fps[1]` frames per second. */
export type FrameRun = { frameCount: number; fps: readonly [number, number] };

export type DemoVideoSpec = {
  id: string;
  fileName: string;
  description: string;
  container: "mp4" | "matroska";
  videoCodec: "h264" | "mpeg4";
  audio: boolean;
  width: number;
  height: number;
  /** Ticks per second of the stored timestamps (MP4 track timescale / Matroska 1000). */
  timeScale: number;
  /** First presentation timestamp, in exact seconds as a rational [num, den]. */
  firstPts: readonly [number, number];
  runs: readonly FrameRun[];
  background: Rgb;
  objects: readonly DemoObject[];
};

/** Bump when the rendering or encoding changes, so generated files are rebuilt. */
export const DEMO_GENERATOR_VERSION = 1;

export const DEMO_VIDEOS: readonly DemoVideoSpec[] = [
  {
    id: "cfr30",
    fileName: "demo-cfr30.mp4",
    description: "Constant 30 fps H.264/AAC MP4, 10 s, first PTS 0",
    container: "mp4",
    videoCodec: "h264",
    audio: true,
    width: 640,
    height: 360,
    timeScale: 90000,
    firstPts: [0, 1],
    runs: [{ frameCount: 300, fps: [30, 1] }],
    background: [32, 44, 64],
    objects: [
      { id: "red-box", label: "red box", shape: "box", color: [220, 40, 40], width: 60, height: 60, appearFrame: 30, disappearFrame: 150, x: 40, y: 120, vx: 3, vy: 0 },
      { id: "yellow-circle", label: "yellow circle", shape: "circle", color: [240, 210, 40], width: 70, height: 70, appearFrame: 90, disappearFrame: 240, x: 500, y: 240, vx: -2, vy: -1 },
      { id: "green-box", label: "green box", shape: "box", color: [40, 190, 80], width: 80, height: 50, appearFrame: 200, disappearFrame: 290, x: 280, y: 200, vx: 0, vy: 0 },
    ],
  },
  {
    id: "vfr",
    fileName: "demo-vfr.mp4",
    description: "Variable frame rate H.264 MP4: 4 s at 30 fps, 4 s at 15 fps, 3 s at 60 fps, 5 s at 24 fps",
    container: "mp4",
    videoCodec: "h264",
    audio: false,
    width: 640,
    height: 360,
    timeScale: 90000,
    firstPts: [0, 1],
    runs: [
      { frameCount: 120, fps: [30, 1] },
      { frameCount: 60, fps: [15, 1] },
      { frameCount: 180, fps: [60, 1] },
      { frameCount: 120, fps: [24, 1] },
    ],
    background: [48, 36, 30],
    objects: [
      { id: "blue-box", label: "blue box", shape: "box", color: [50, 90, 230], width: 50, height: 50, appearFrame: 0, disappearFrame: 200, x: 20, y: 60, vx: 1, vy: 0.5 },
      { id: "magenta-circle", label: "magenta circle", shape: "circle", color: [220, 50, 200], width: 60, height: 60, appearFrame: 150, disappearFrame: 420, x: 560, y: 220, vx: -1, vy: 0 },
      { id: "white-box", label: "white box", shape: "box", color: [235, 235, 235], width: 40, height: 40, appearFrame: 330, disappearFrame: 480, x: 300, y: 100, vx: 0, vy: 0 },
    ],
  },
  {
    id: "offset",
    fileName: "demo-offset.mp4",
    description: "Constant 25 fps H.264 MP4, 10 s, first presentation timestamp 2.5 s (edit list)",
    container: "mp4",
    videoCodec: "h264",
    audio: false,
    width: 640,
    height: 360,
    timeScale: 90000,
    firstPts: [5, 2],
    runs: [{ frameCount: 250, fps: [25, 1] }],
    background: [30, 56, 40],
    objects: [
      { id: "orange-box", label: "orange box", shape: "box", color: [245, 140, 30], width: 64, height: 64, appearFrame: 0, disappearFrame: 125, x: 30, y: 100, vx: 2, vy: 0.4 },
      { id: "cyan-circle", label: "cyan circle", shape: "circle", color: [40, 210, 230], width: 50, height: 50, appearFrame: 100, disappearFrame: 250, x: 580, y: 250, vx: -2, vy: -0.5 },
    ],
  },
  {
    id: "mkv-mpeg4",
    fileName: "demo-mpeg4.mkv",
    description: "Constant 24 fps MPEG-4 Part 2 in Matroska (not browser-playable: needs transcoding), 10 s",
    container: "matroska",
    videoCodec: "mpeg4",
    audio: false,
    width: 640,
    height: 360,
    timeScale: 1000,
    firstPts: [0, 1],
    runs: [{ frameCount: 240, fps: [24, 1] }],
    background: [40, 40, 40],
    objects: [
      { id: "purple-box", label: "purple box", shape: "box", color: [150, 70, 220], width: 60, height: 40, appearFrame: 24, disappearFrame: 216, x: 100, y: 150, vx: 2, vy: 0 },
    ],
  },
];

export function getDemoVideo(id: string): DemoVideoSpec {
  const spec = DEMO_VIDEOS.find((v) => v.id === id);
  if (!spec) throw new Error(`unknown demo video "${id}"`);
  return spec;
}

export function demoFrameCount(spec: DemoVideoSpec): number {
  return spec.runs.reduce((n, r) => n + r.frameCount, 0);
}

/** Exact presentation time of every frame (and the end of the last frame) in seconds, as rationals. */
function exactTimes(spec: DemoVideoSpec): [number, number][] {
  // Work in ticks of 1/L where L = lcm of all denominators involved, to stay exact.
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  const lcm = (a: number, b: number) => (a / gcd(a, b)) * b;
  let l = spec.firstPts[1];
  for (const r of spec.runs) l = lcm(l, r.fps[0]);
  const out: [number, number][] = [];
  let t = (spec.firstPts[0] * l) / spec.firstPts[1];
  for (const r of spec.runs) {
    const d = (r.fps[1] * l) / r.fps[0];
    for (let i = 0; i < r.frameCount; i++) {
      out.push([t, l]);
      t += d;
    }
  }
  out.push([t, l]);
  return out;
}

/**
 * Expected presentation timestamps in ticks of 1/timeScale s: `frameCount + 1`
 * values, the last being the end of the last frame.
 */
export function demoPtsTicks(spec: DemoVideoSpec): number[] {
  return exactTimes(spec).map(([t, l]) => Math.round((t * spec.timeScale) / l));
}

/** Expected presentation timestamps in seconds (`frameCount + 1` values, last = end). */
export function demoPtsSeconds(spec: DemoVideoSpec): number[] {
  return demoPtsTicks(spec).map((t) => t / spec.timeScale);
}

export function demoFirstPtsSeconds(spec: DemoVideoSpec): number {
  return spec.firstPts[0] / spec.firstPts[1];
}

/** Duration from the first frame's start to the last frame's end, in seconds. */
export function demoDurationSeconds(spec: DemoVideoSpec): number {
  const t = demoPtsSeconds(spec);
  return t[t.length - 1] - t[0];
}

export function demoIsVariableFrameRate(spec: DemoVideoSpec): boolean {
  return new Set(spec.runs.map((r) => r.fps[0] / r.fps[1])).size > 1;
}

/** Bounding box of an object in frame n, or null when it is not visible. */
export function demoObjectBoxAt(
  obj: DemoObject,
  n: number,
): { x: number; y: number; width: number; height: number } | null {
  if (n < obj.appearFrame || n >= obj.disappearFrame) return null;
  const k = n - obj.appearFrame;
  return { x: Math.round(obj.x + obj.vx * k), y: Math.round(obj.y + obj.vy * k), width: obj.width, height: obj.height };
}

/** Stable identity of a spec's content: changes whenever the generated file would. */
export function demoSpecKey(spec: DemoVideoSpec): string {
  return JSON.stringify({ v: DEMO_GENERATOR_VERSION, spec });
}
