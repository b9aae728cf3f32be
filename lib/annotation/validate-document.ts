/**
 * Server checks of an annotation document beyond its zod shape (PURE): every time is a frame of
 * the item's video whose `sec` matches the PTS table within half a frame; spans do not end before
 * they start; the document is for the task's benchmark (and VCBench subtype); ids are unique within
 * their lists and identity keys unique; caption seconds inside the video. Each problem names the
 * document path ("occurrences[2].end.sec"). An empty list means the document may be stored.
 *
 * Order is not enforced between marks (the workspace keeps lists in time order; overlaps are
 * warnings, not refused); only a span's own end before its start is refused.
 */
import type { AnnotationDocument, FrameTime, Span } from "./document";
import type { VideoTiming } from "./video-timing";

export type DocumentProblem = { field: string; message: string };

export type DocumentContext = {
  /** The project's benchmark kind (VCBENCH, ECBENCH, ...). */
  benchmark: string;
  /** VCBench: the item's subtype (labels.subtype). */
  subtype?: string | null;
  /** The item's video timing, or null when no video is attached (times cannot be checked: refused). */
  timing: VideoTiming | null;
};

export function validateDocument(doc: AnnotationDocument, ctx: DocumentContext): DocumentProblem[] {
  const problems: DocumentProblem[] = [];
  if (doc.benchmark !== ctx.benchmark) {
    problems.push({ field: "benchmark", message: `must be ${ctx.benchmark} (this task's benchmark), got ${doc.benchmark}` });
    return problems;
  }
  const time = (path: string, t: FrameTime | null | undefined) => checkTime(problems, ctx.timing, path, t);
  const span = (path: string, s: Pick<Span, "start" | "end">) => {
    time(`${path}.start`, s.start);
    if (s.end) {
      time(`${path}.end`, s.end);
      if (s.end.frame < s.start.frame) problems.push({ field: `${path}.end`, message: `ends (frame ${s.end.frame}) before it starts (frame ${s.start.frame})` });
    }
  };
  const uniqueIds = (path: string, list: readonly { id: string }[]) => {
    const seen = new Set<string>();
    list.forEach((x, i) => {
      if (seen.has(x.id)) problems.push({ field: `${path}[${i}].id`, message: `"${x.id}" is used twice in ${path}` });
      seen.add(x.id);
    });
  };
  switch (doc.benchmark) {
    case "VCBENCH": {
      if (ctx.subtype && doc.subtype !== ctx.subtype) problems.push({ field: "subtype", message: `must be ${ctx.subtype} (the item's subtype), got ${doc.subtype}` });
      doc.moments.forEach((m, i) => time(`moments[${i}].at`, m.at));
      doc.occurrences.forEach((o, i) => {
        span(`occurrences[${i}]`, o);
        o.splits.forEach((s, j) => time(`occurrences[${i}].splits[${j}].at`, s.at));
        uniqueIds(`occurrences[${i}].splits`, o.splits);
      });
      doc.identities.forEach((x, i) => time(`identities[${i}].firstAppearance`, x.firstAppearance));
      if (doc.window) span("window", doc.window);
      doc.queryPoints.forEach((q, i) => time(`queryPoints[${i}].at`, q.at));
      uniqueIds("moments", doc.moments);
      uniqueIds("occurrences", doc.occurrences);
      uniqueIds("identities", doc.identities);
      uniqueIds("queryPoints", doc.queryPoints);
      const keys = new Map<string, number>();
      doc.identities.forEach((x, i) => {
        const k = x.key.trim().toLowerCase();
        if (keys.has(k)) problems.push({ field: `identities[${i}].key`, message: `"${x.key}" is already used by identities[${keys.get(k)}]` });
        else keys.set(k, i);
      });
      break;
    }
    case "ECBENCH":
      doc.evidence.forEach((s, i) => span(`evidence[${i}]`, s));
      uniqueIds("evidence", doc.evidence);
      break;
    case "VSAS": {
      const seconds = new Map<number, number>();
      doc.captions.forEach((c, i) => {
        if (seconds.has(c.second)) problems.push({ field: `captions[${i}].second`, message: `second ${c.second} is already reviewed in captions[${seconds.get(c.second)}]` });
        else seconds.set(c.second, i);
        if (ctx.timing && c.second > Math.ceil(ctx.timing.durationSec)) {
          problems.push({ field: `captions[${i}].second`, message: `second ${c.second} is after the end of the video (${ctx.timing.durationSec.toFixed(2)} s)` });
        }
      });
      break;
    }
    case "TOCBENCH":
    case "VSTAT":
      break;
  }
  return problems;
}

function checkTime(problems: DocumentProblem[], timing: VideoTiming | null, path: string, t: FrameTime | null | undefined): void {
  if (!t) return;
  if (!timing) {
    problems.push({ field: path, message: "cannot be placed: the item has no video attached yet" });
    return;
  }
  if (t.frame >= timing.frameCount) {
    problems.push({ field: `${path}.frame`, message: `frame ${t.frame} is outside the video (frames 0-${timing.frameCount - 1})` });
    return;
  }
  const expected = timing.secOfFrame(t.frame);
  const half = timing.frameDurationSec(t.frame) / 2;
  if (Math.abs(t.sec - expected) > half) {
    problems.push({ field: `${path}.sec`, message: `${t.sec} s does not match frame ${t.frame} (${expected.toFixed(6)} s on the video's PTS table, ±${half.toFixed(6)} s)` });
  }
}
