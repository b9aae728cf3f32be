/**
 * VSAS 1 FPS caption review (PURE): which caption the playhead is on, moving second to second,
 * and the edits of one caption (each one undoable step in the workspace).
 *
 * A caption's `second` is its index on the task's caption timeline: it covers video time
 * [second / fps, (second + 1) / fps) with `fps` the item's caption rate (`presentation.fps`, 1 by
 * default: one caption per second).
 */
import type { CaptionReview, VsasDocument } from "./document";

const EPS = 1e-6;

export function captionRate(presentation: Record<string, unknown>): number {
  const fps = presentation.fps;
  return typeof fps === "number" && Number.isFinite(fps) && fps > 0 ? fps : 1;
}

/** The caption second a video time falls in. */
export function captionSecondAt(sec: number, rate: number): number {
  return Math.max(0, Math.floor(sec * rate + EPS));
}

/** Start time (seconds) of a caption second. */
export function captionStartSec(second: number, rate: number): number {
  return second / rate;
}

/** Index of the caption covering `second` in document order: the last caption whose second <= `second` (-1 before the first). */
export function captionIndexAt(captions: readonly Pick<CaptionReview, "second">[], second: number): number {
  let best = -1;
  for (let i = 0; i < captions.length; i++) {
    const s = captions[i].second;
    if (s <= second && (best < 0 || s >= captions[best].second)) best = i;
  }
  return best;
}

/** Lookup table second -> index for the per-frame highlight (built once per document). */
export function captionIndexBySecond(captions: readonly Pick<CaptionReview, "second">[]): (second: number) => number {
  const sorted = captions.map((c, i) => ({ s: c.second, i })).sort((a, b) => a.s - b.s || a.i - b.i);
  return (second: number) => {
    let lo = 0;
    let hi = sorted.length - 1;
    let ans = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (sorted[mid].s <= second) {
        ans = sorted[mid].i;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return ans;
  };
}

/** The caption index `delta` steps away in time order from `index` (clamped; -1 when there are none). */
export function stepCaption(captions: readonly Pick<CaptionReview, "second">[], index: number, delta: number): number {
  if (captions.length === 0) return -1;
  const order = captions.map((c, i) => ({ s: c.second, i })).sort((a, b) => a.s - b.s || a.i - b.i);
  const pos = order.findIndex((x) => x.i === index);
  if (pos < 0) return order[delta >= 0 ? 0 : order.length - 1].i;
  return order[Math.max(0, Math.min(order.length - 1, pos + delta))].i;
}

function patchCaption(doc: VsasDocument, index: number, patch: Partial<CaptionReview>): VsasDocument {
  if (index < 0 || index >= doc.captions.length) return doc;
  return { ...doc, captions: doc.captions.map((c, i) => (i === index ? { ...c, ...patch } : c)) };
}

export const setCaptionText = (doc: VsasDocument, index: number, text: string) => patchCaption(doc, index, { text });
export const setCaptionNote = (doc: VsasDocument, index: number, note: string) => patchCaption(doc, index, { note });
export const toggleCaptionCorrected = (doc: VsasDocument, index: number) => patchCaption(doc, index, { corrected: !doc.captions[index]?.corrected });

/** Flags (or, when already flagged that way, clears) an inconsistency with the previous / next second. */
export function toggleInconsistency(doc: VsasDocument, index: number, side: "previous" | "next"): VsasDocument {
  const cur = doc.captions[index];
  if (!cur) return doc;
  return patchCaption(doc, index, { inconsistentWith: cur.inconsistentWith === side ? null : side });
}

export type CaptionSummary = { total: number; corrected: number; edited: number; flagged: number };

/** Counts for the panel header; `original` = the captions as generated (by second), when shown. */
export function captionSummary(doc: VsasDocument, original: ReadonlyMap<number, string> | null): CaptionSummary {
  let corrected = 0;
  let edited = 0;
  let flagged = 0;
  for (const c of doc.captions) {
    if (c.corrected) corrected += 1;
    if (c.inconsistentWith) flagged += 1;
    if (original && original.has(c.second) && original.get(c.second) !== c.text) edited += 1;
  }
  return { total: doc.captions.length, corrected, edited, flagged };
}

/** The generated captions by second, from the shown truth (`[{t, text}]` or a list of texts at 1/fps). */
export function originalCaptions(answer: unknown, rate: number): Map<number, string> {
  const out = new Map<number, string>();
  if (!Array.isArray(answer)) return out;
  answer.forEach((c, i) => {
    const text = typeof c === "string" ? c : c && typeof c === "object" && typeof (c as { text?: unknown }).text === "string" ? (c as { text: string }).text : null;
    const t = c && typeof c === "object" && typeof (c as { t?: unknown }).t === "number" ? (c as { t: number }).t : i / rate;
    if (text === null) return;
    const second = Math.max(0, Math.round(t * rate));
    if (!out.has(second)) out.set(second, text);
  });
  return out;
}
