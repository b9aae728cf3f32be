/**
 * EC-Bench consistency report (warnings; never block an import). Clip problems come from
 * `parseClipList` (lib/metrics/parse-time.ts): `clip_reversed` (end before start; the clip
 * is dropped), `clip_unparseable` (times that cannot be read), `clip_repaired` (read, but
 * not written `[H:MM:SS,H:MM:SS]`). Added here:
 * - `clips_mergeable`: two clips less than 5 s apart (or overlapping): the annotation
 *   protocol merges them (paper Fig. 12);
 * - `no_clips`: no evidence clip;
 * - `answer_not_numeric`: a Counting answer without any number; `empty_answer`;
 * - `unknown_category`: question_type not A-F; `blank_genre`: empty video_type;
 * - `video_url_missing`: a video none of whose rows has a URL;
 * - `video_not_contiguous`: a video's rows are not consecutive.
 */
import { countingNumbers, normalizeCountingAnswer } from "@/lib/metrics/ecbench";
import { formatTimestamp } from "@/lib/metrics/parse-time";
import { issue } from "../issues";
import type { ImportIssue, NormalisedItem } from "../types";

/** Clips closer than this (seconds) are merged by the EC-Bench annotation protocol. */
export const EC_MERGE_GAP_SEC = 5;

export function checkEcItems(items: readonly NormalisedItem[]): ImportIssue[] {
  const w: ImportIssue[] = [];
  const videoFirst = new Map<string, NormalisedItem>();
  const hasUrl = new Set<string>();
  let prevVideo: string | null = null;
  for (const it of items) {
    const where = { item_id: it.externalId, line: it.line };
    const src = it.truth.source;
    const answer = String(it.truth.answer ?? "");
    if (answer.trim() === "") w.push(issue("empty_answer", "the answer is empty", { ...where, field: "answer" }));
    else if (it.format === "counting" && countingNumbers(normalizeCountingAnswer(answer)).length === 0) {
      w.push(issue("answer_not_numeric", `Counting answer ${JSON.stringify(answer)} holds no number`, { ...where, field: "answer" }));
    }
    if (String(src.clips ?? "").trim() === "") w.push(issue("no_clips", "no evidence clip is given", { ...where, field: "clips" }));
    const spans = [...it.truthSpans].sort((a, b) => a.startSec - b.startSec || a.endSec - b.endSec);
    const close: string[] = [];
    let reach = -Infinity;
    let reachClip: (typeof spans)[number] | null = null;
    for (const s of spans) {
      if (reachClip && s.startSec - reach < EC_MERGE_GAP_SEC) {
        close.push(`[${formatTimestamp(reachClip.startSec)},${formatTimestamp(reachClip.endSec)}] and [${formatTimestamp(s.startSec)},${formatTimestamp(s.endSec)}]`);
      }
      if (s.endSec > reach) {
        reach = s.endSec;
        reachClip = s;
      }
    }
    if (close.length) {
      w.push(issue("clips_mergeable", `clips less than ${EC_MERGE_GAP_SEC} s apart (the protocol merges them): ${close.join("; ")}`, { ...where, field: "clips" }));
    }
    const category = String(it.labels.category ?? "");
    if (!/^[A-F]$/.test(category)) w.push(issue("unknown_category", `question_type ${JSON.stringify(category)} is not one of A-F`, { ...where, field: "question_type" }));
    if (typeof it.labels.genre === "string" && it.labels.genre.trim() === "") w.push(issue("blank_genre", "video_type (genre) is blank", { ...where, field: "video_type" }));

    const v = it.videoRef;
    if (!videoFirst.has(v)) videoFirst.set(v, it);
    else if (prevVideo !== v) w.push(issue("video_not_contiguous", `rows of video ${v} are not consecutive (it first appears at line ${videoFirst.get(v)!.line})`, { ...where, field: "video_id" }));
    prevVideo = v;
    if (String(src.video_url ?? "").trim() !== "") hasUrl.add(v);
  }
  for (const [v, first] of videoFirst) {
    if (!hasUrl.has(v) && first.truth.source.no_video_url_column !== true) {
      w.push(issue("video_url_missing", `video ${v} has no video_url on any of its rows`, { item_id: first.externalId, line: first.line, field: "video_url" }));
    }
  }
  return w;
}
