/**
 * A synthetic, deterministic VCBench truth file (vcbench_data.jsonl format, subtype mix and
 * record shape like the real file) and a unified prediction file covering every query point
 * (about 1 % invalid answers), for `npm run bench:metrics` and `npm run bench:runs-upload`.
 */
import { closeSync, openSync, writeSync } from "node:fs";
import { join } from "node:path";

/** Deterministic PRNG (mulberry32). */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Subtype mix of the real file (questions per 1,000).
const MIX: Array<[string, string, number, string]> = [
  ["O1-Snap", "O1", 81, "How many chairs are visible at this moment?"],
  ["O1-Delta", "O1", 98, "How many plants have appeared in the past 4 seconds?"],
  ["O2-Unique", "O2", 289, "How many different chairs have appeared so far?"],
  ["O2-Gain", "O2", 78, "How many chairs that have never appeared before have appeared in the past 3.0 seconds?"],
  ["E1-Action", "E1", 203, "How many times has the protagonist passed through a door so far?"],
  ["E1-Transit", "E1", 48, "How many scene transitions have occurred so far?"],
  ["E2-Periodic", "E2", 56, "How many complete cycles of the action have been completed so far?"],
  ["E2-Episode", "E2", 147, "How many complete cooking episodes have been finished so far?"],
];
const CUM: number[] = [];
MIX.reduce((s, m) => (CUM.push(s + m[2]), s + m[2]), 0);

const r1 = (x: number) => Math.round(x * 10) / 10;

export function generateVcbenchFiles(dir: string, TOTAL_POINTS: number): { truth: string; preds: string; questions: number } {
  const truthPath = join(dir, "vcbench_data.jsonl");
  const predsPath = join(dir, "preds_unified.jsonl");
  const ft = openSync(truthPath, "w");
  const fp = openSync(predsPath, "w");
  const rand = rng(20240611);
  let tBuf = "";
  let pBuf = "";
  let points = 0;
  let q = 0;
  while (points < TOTAL_POINTS) {
    const pick = rand() * 1000;
    const m = MIX[CUM.findIndex((c) => pick < c)];
    const [subtype, type, , question] = m;
    let n = subtype === "O1-Delta" || subtype === "O2-Gain" ? 1 : 3 + Math.floor(rand() * 6);
    n = Math.min(n, TOTAL_POINTS - points);
    const duration = 30 + rand() * 600;
    const times: number[] = [];
    for (let i = 0; i < n; i++) times.push(r1(((i + 0.5 + rand() * 0.4) * duration) / n));
    let occ: unknown;
    const counts: number[] = [];
    if (subtype === "O1-Snap") {
      occ = times;
      for (let i = 0; i < n; i++) counts.push(Math.floor(rand() * 6));
    } else if (subtype === "O1-Delta" || subtype === "O2-Gain") {
      const end = Math.round(times[0]);
      occ = { start: [Math.max(0, end - 2 - Math.floor(rand() * 4))], end: [end] };
      times[0] = end;
      counts.push(1 + Math.floor(rand() * 3));
    } else {
      const k = 2 + Math.floor(rand() * 16);
      const moments: number[] = [];
      for (let i = 0; i < k; i++) moments.push(r1(rand() * duration));
      moments.sort((a, b) => a - b);
      if (subtype.startsWith("E2")) {
        occ = { start: moments.map((t) => r1(Math.max(0, t - 3))), end: moments };
      } else occ = moments;
      for (const t of times) counts.push(moments.filter((x) => x <= t).length);
    }
    const id = String(q).padStart(7, "0");
    tBuf +=
      JSON.stringify({
        id,
        source_dataset: "RoomTour3D",
        video_path: `video_${(q * 7919) % 100003}.mp4`,
        question,
        counting_type: type,
        counting_subtype: subtype,
        occurrence_times: occ,
        query_points: { time: times, count: counts },
      }) + "\n";
    const preds = counts.map((c) => {
      const u = rand();
      if (u < 0.01) return null;
      if (u < 0.5) return c;
      return Math.max(0, c + Math.round((rand() - 0.5) * 6));
    });
    pBuf += JSON.stringify({ id, query_times: times, predictions: preds, gts: counts }) + "\n";
    if (tBuf.length > 1 << 20) { writeSync(ft, tBuf); tBuf = ""; }
    if (pBuf.length > 1 << 20) { writeSync(fp, pBuf); pBuf = ""; }
    points += n;
    q += 1;
  }
  writeSync(ft, tBuf);
  writeSync(fp, pBuf);
  closeSync(ft);
  closeSync(fp);
  return { truth: truthPath, preds: predsPath, questions: q };
}

