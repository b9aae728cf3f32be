/**
 * A synthetic, deterministic review project (PURE): items of every benchmark, each annotated by
 * two of six annotators, the second pass a noisy copy of a hidden truth like the first (marks
 * jittered by a few frames, sometimes missed or added; spans shifted; decisions sometimes
 * different). Used by `npm run bench:review` and the review engine's tests.
 */
import type { AnnotationDocument } from "@/lib/annotation/document";
import { VSTAT_CHALLENGES } from "@/lib/annotation/document";
import { createRng, type Rng } from "@/lib/metrics/bootstrap";
import { at, ecbenchDoc, tocbenchDoc, vcbenchDoc, vsasDoc, vstatDoc } from "./test-docs";

export type SyntheticItem = { itemId: string; fps: number; frameCount: number; annotators: [string, string]; documents: [AnnotationDocument, AnnotationDocument] };

export const SYNTHETIC_ANNOTATORS = ["ann", "bob", "cho", "dee", "eli", "fay"] as const;

const FPS = 30;

function jitter(rng: Rng, frame: number, frameCount: number): number {
  const u = rng.nextFloat();
  const d = u < 0.8 ? rng.nextInt(3) - 1 : u < 0.95 ? rng.nextInt(5) - 2 : rng.nextInt(13) - 6;
  return Math.min(frameCount - 1, Math.max(0, frame + d));
}

function noisyFrames(rng: Rng, truth: readonly number[], frameCount: number, missRate: number, extraRate: number): number[] {
  const out: number[] = [];
  for (const f of truth) if (rng.nextFloat() >= missRate) out.push(jitter(rng, f, frameCount));
  for (let i = 0; i < truth.length; i++) if (rng.nextFloat() < extraRate) out.push(rng.nextInt(frameCount));
  return out.sort((a, b) => a - b);
}

function pick<T>(rng: Rng, list: readonly T[]): T {
  return list[rng.nextInt(list.length)];
}

function flip<T>(rng: Rng, value: T, options: readonly T[], rate: number): T {
  return rng.nextFloat() < rate ? pick(rng, options) : value;
}

/** `items` synthetic items with seed `seed` (same arguments → same project). */
export function syntheticProject(items: number, seed = 1, noise = 1): SyntheticItem[] {
  const rng = createRng(seed);
  const out: SyntheticItem[] = [];
  const miss = 0.02 * noise;
  const extra = 0.01 * noise;
  for (let n = 0; n < items; n++) {
    const frameCount = FPS * (120 + rng.nextInt(480));
    const a = rng.nextInt(6);
    const b = (a + 1 + rng.nextInt(5)) % 6;
    const r = rng.nextFloat();
    const nq = 3 + rng.nextInt(6);
    const queries = Array.from({ length: nq }, (_, i) => Math.floor(((i + 1) * (frameCount - 1)) / nq));
    const qps = queries.map((f, i) => ({ id: `q${i}`, at: at(f), count: null }));
    let docs: [AnnotationDocument, AnnotationDocument];
    if (r < 0.3) {
      const truth = Array.from({ length: 5 + rng.nextInt(60) }, () => rng.nextInt(frameCount)).sort((x, y) => x - y);
      const doc = (frames: number[], p: string) => vcbenchDoc({ subtype: "E1-Action", moments: frames.map((f, i) => ({ id: `${p}${i}`, at: at(f), label: "", comment: "" })), queryPoints: qps });
      docs = [doc(noisyFrames(rng, truth, frameCount, miss, extra), "a"), doc(noisyFrames(rng, truth, frameCount, miss, extra), "b")];
    } else if (r < 0.45) {
      const starts = Array.from({ length: 2 + rng.nextInt(15) }, () => rng.nextInt(frameCount - 200)).sort((x, y) => x - y);
      const truth = starts.map((s) => [s, s + 20 + rng.nextInt(150)] as [number, number]);
      const doc = (p: string) =>
        vcbenchDoc({
          subtype: "E2-Episode",
          occurrences: truth
            .filter(() => rng.nextFloat() >= miss)
            .map(([s, e], i) => ({ id: `${p}${i}`, start: at(jitter(rng, s, frameCount)), end: at(Math.max(jitter(rng, e, frameCount), s + 1)), label: "", comment: "", splits: [] }))
            .map((o) => (o.end.frame < o.start.frame ? { ...o, end: o.start } : o)),
          queryPoints: qps,
        });
      docs = [doc("a"), doc("b")];
    } else if (r < 0.55) {
      const truth = queries.map(() => rng.nextInt(12));
      const doc = () => vcbenchDoc({ subtype: "O1-Snap", queryPoints: queries.map((f, i) => ({ id: `q${i}`, at: at(f), count: rng.nextFloat() < 0.05 * noise ? truth[i] + 1 : truth[i] })) });
      docs = [doc(), doc()];
    } else if (r < 0.65) {
      const feasible = rng.nextFloat() < 0.9;
      const truth = Array.from({ length: 1 + rng.nextInt(4) }, () => rng.nextInt(frameCount - 300)).sort((x, y) => x - y);
      const doc = (p: string) =>
        ecbenchDoc({
          feasible: flip(rng, feasible, [true, false], 0.05 * noise),
          answer: String(truth.length),
          evidence: truth.map((s, i) => ({ id: `${p}${i}`, start: at(jitter(rng, s, frameCount)), end: at(s + 150), label: "", comment: "" })),
        });
      docs = [doc("a"), doc("b")];
    } else if (r < 0.8) {
      const decision = pick(rng, ["keep", "keep", "keep", "revise", "remove"] as const);
      const doc = () => {
        const d = flip(rng, decision, ["keep", "revise", "remove"] as const, 0.1 * noise);
        return tocbenchDoc({ decision: d, removalReason: d === "remove" ? "wrong_label" : null, revision: d === "revise" ? { question: "Q?" } : null });
      };
      docs = [doc(), doc()];
    } else if (r < 0.92) {
      const el = pick(rng, ["count", "location", "attribute"] as const);
      const st = pick(rng, ["atomic", "sequence", "set", "dict"] as const);
      const ch = VSTAT_CHALLENGES.filter(() => rng.nextFloat() < 0.3);
      const doc = () =>
        vstatDoc({
          decision: flip(rng, "keep" as const, ["keep", "remove"] as const, 0.05 * noise),
          stateElement: flip(rng, el, ["count", "location", "attribute"] as const, 0.08 * noise),
          stateStructure: flip(rng, st, ["atomic", "sequence", "set", "dict"] as const, 0.08 * noise),
          challenges: ch.filter(() => rng.nextFloat() >= 0.05 * noise),
        });
      docs = [doc(), doc()];
    } else {
      const seconds = 30 + rng.nextInt(60);
      const doc = () =>
        vsasDoc({
          captions: Array.from({ length: seconds }, (_, s) => {
            const edited = rng.nextFloat() < 0.02 * noise;
            return { second: s, text: edited ? `caption ${s} (fixed)` : `caption ${s}`, corrected: edited, inconsistentWith: null, note: "" };
          }),
        });
      docs = [doc(), doc()];
    }
    out.push({ itemId: `item-${n}`, fps: FPS, frameCount, annotators: [SYNTHETIC_ANNOTATORS[a], SYNTHETIC_ANNOTATORS[b]], documents: docs });
  }
  return out;
}
