import {
  DEMO_VIDEOS,
  demoFrameCount,
  demoPtsSeconds,
  type DemoVideoSpec,
} from "@/lib/video/demo-videos";

/**
 * The demo project's items: VCBench-style streaming counting questions on the demo videos,
 * with ground truth derived from the videos' own specs (objects appear and disappear at known
 * frames), so every count is exact by construction. PURE.
 *
 * Times are seconds from the first displayed frame (t = pts[n] - pts[0]); a query point at the
 * start of frame n counts the moments at frames <= n (VCBench's rule t <= q).
 */
export type DemoItem = {
  externalId: string;
  videoFile: string;
  subtype: "O1-Snap" | "O2-Unique" | "E1-Transit";
  question: string;
  queryFrames: number[];
  queryTimes: number[];
  counts: number[];
  occurrenceTimes: number[];
};

const round = (t: number) => Math.round(t * 1e6) / 1e6;

/** Frames between consecutive events (stable frames) plus one near the end: 3 to 6 query points. */
function queryFrames(spec: DemoVideoSpec): number[] {
  const n = demoFrameCount(spec);
  const events = [...new Set(spec.objects.flatMap((o) => [o.appearFrame, o.disappearFrame]))]
    .filter((f) => f > 0 && f < n)
    .sort((a, b) => a - b);
  const bounds = [0, ...events, n - 1];
  const frames: number[] = [];
  for (let i = 1; i < bounds.length; i++) {
    const mid = Math.floor((bounds[i - 1] + bounds[i]) / 2);
    if (mid > 0 && !frames.includes(mid)) frames.push(mid);
  }
  if (!frames.includes(n - 5)) frames.push(n - 5);
  return frames.slice(-6);
}

export function demoItems(): DemoItem[] {
  const items: DemoItem[] = [];
  for (const spec of DEMO_VIDEOS) {
    if (spec.objects.length < 2) continue;
    const pts = demoPtsSeconds(spec);
    const time = (frame: number) => round(pts[frame] - pts[0]);
    const frames = queryFrames(spec);
    const appear = spec.objects.map((o) => o.appearFrame);
    const disappear = spec.objects.map((o) => o.disappearFrame).filter((f) => f < demoFrameCount(spec));
    const base = { videoFile: spec.fileName, queryFrames: frames, queryTimes: frames.map(time) };
    items.push({
      ...base,
      externalId: `demo-${spec.id}-unique`,
      subtype: "O2-Unique",
      question: "How many different objects have appeared in the video so far?",
      counts: frames.map((q) => appear.filter((f) => f <= q).length),
      occurrenceTimes: appear.map(time).sort((a, b) => a - b),
    });
    items.push({
      ...base,
      externalId: `demo-${spec.id}-snap`,
      subtype: "O1-Snap",
      question: "How many objects are visible right now?",
      counts: frames.map((q) => spec.objects.filter((o) => o.appearFrame <= q && q < o.disappearFrame).length),
      occurrenceTimes: frames.map(time),
    });
    items.push({
      ...base,
      externalId: `demo-${spec.id}-gone`,
      subtype: "E1-Transit",
      question: "How many times has an object disappeared so far?",
      counts: frames.map((q) => disappear.filter((f) => f <= q).length),
      occurrenceTimes: disappear.map(time).sort((a, b) => a - b),
    });
  }
  return items;
}

/**
 * The `source_dataset` of the demo questions: the demo videos' directory (`start.sh` writes them
 * to `data/demo-videos/`), so their video references read `demo-videos/<file>` as VCBench's
 * `<source_dataset>/<video_path>` do.
 */
export const DEMO_SOURCE_DATASET = "demo-videos";

/**
 * The demo questions as `vcbench_data.jsonl` records (field order of the real file). The demo
 * project is seeded from these records through the VCBench importer's parser, so it holds exactly
 * what importing this file would, and its native export is a valid VCBench file.
 */
export function demoVcbenchRecords(items: readonly DemoItem[] = demoItems()): Record<string, unknown>[] {
  return items.map((item) => ({
    id: item.externalId,
    source_dataset: DEMO_SOURCE_DATASET,
    video_path: item.videoFile,
    question: item.question,
    counting_type: item.subtype.slice(0, 2),
    counting_subtype: item.subtype,
    occurrence_times: item.occurrenceTimes,
    query_points: { time: item.queryTimes, count: item.counts },
  }));
}
