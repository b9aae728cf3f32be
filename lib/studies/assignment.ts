/**
 * Which videos a participant is given (PURE). The unit of assignment is a video: a session
 * covers every study item on one video, which is what a streaming protocol needs (the video plays
 * once, pausing at every query point on it).
 *
 * Rules, in order:
 * 1. Conflict of interest: a video is never given to a participant who authored, annotated or
 *    reviewed ANY study item on it (Annotation.authorId, Task.userId, Adjudication.resolvedById,
 *    ItemRevision.authorId), attention-check videos included. Nor, unless the study turns it off
 *    (settings.excludeSeenVideos), a video the participant received in a session of another
 *    study (seen-videos.ts).
 * 2. Attention-check videos (every study item on them is an attention check) go to every
 *    participant; they are exempt from the per-video limit and the cap.
 * 3. Other videos: at most `participantsPerVideo` participants each (null = unlimited), at most
 *    `capPerParticipant` videos per participant (null = unlimited).
 * 4. Balance: least-assigned videos first; ties by the smallest item ordinal on the video, then
 *    video id (deterministic).
 * Idempotent: videos already assigned to the participant are kept and count toward the cap.
 */

export type AssignableVideo = {
  videoId: string;
  itemIds: readonly string[];
  /** Smallest Item.ordinal among the video's study items. */
  firstOrdinal: number;
  /** True when every study item on the video is an attention check. */
  attentionOnly: boolean;
  /** Participants already holding a session on this video. */
  assignedCount: number;
};

export type AssignmentRequest = {
  videos: readonly AssignableVideo[];
  /** Items the participant authored, annotated or reviewed. */
  conflictItemIds: ReadonlySet<string>;
  /** Videos the participant received in another study's session (empty when the study allows it). */
  seenElsewhere?: ReadonlySet<string>;
  /** Videos the participant already has a session on. */
  alreadyAssigned: ReadonlySet<string>;
  participantsPerVideo: number | null;
  capPerParticipant: number | null;
};

export type AssignmentResult = {
  /** New videos to create sessions for, in the order the participant should watch them. */
  newVideoIds: string[];
  /** Videos skipped for a conflict of interest (for the admin's log). */
  conflicted: string[];
  /** Videos skipped because the participant received them in another study. */
  seen: string[];
};

export function chooseVideos(req: AssignmentRequest): AssignmentResult {
  const conflicted: string[] = [];
  const seen: string[] = [];
  const eligible = req.videos.filter((v) => {
    if (v.itemIds.some((id) => req.conflictItemIds.has(id))) {
      conflicted.push(v.videoId);
      return false;
    }
    if (req.seenElsewhere?.has(v.videoId) && !req.alreadyAssigned.has(v.videoId)) {
      seen.push(v.videoId);
      return false;
    }
    return true;
  });
  const regularHeld = req.videos.filter((v) => !v.attentionOnly && req.alreadyAssigned.has(v.videoId)).length;
  let room = req.capPerParticipant === null ? Infinity : Math.max(0, req.capPerParticipant - regularHeld);
  const regular = eligible
    .filter((v) => !v.attentionOnly && !req.alreadyAssigned.has(v.videoId))
    .filter((v) => req.participantsPerVideo === null || v.assignedCount < req.participantsPerVideo)
    .sort((a, b) => a.assignedCount - b.assignedCount || a.firstOrdinal - b.firstOrdinal || a.videoId.localeCompare(b.videoId));
  const picked: string[] = [];
  for (const v of regular) {
    if (room <= 0) break;
    picked.push(v.videoId);
    room -= 1;
  }
  const attention = eligible
    .filter((v) => v.attentionOnly && !req.alreadyAssigned.has(v.videoId))
    .sort((a, b) => a.firstOrdinal - b.firstOrdinal || a.videoId.localeCompare(b.videoId))
    .map((v) => v.videoId);
  // Attention checks go after the first regular video, so they are not the very first thing seen.
  const newVideoIds = picked.length ? [picked[0], ...attention, ...picked.slice(1)] : attention;
  // A participant with nothing regular to do gets no attention checks either.
  if (picked.length === 0 && regularHeld === 0) return { newVideoIds: [], conflicted, seen };
  return { newVideoIds, conflicted, seen };
}
