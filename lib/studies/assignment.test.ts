import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { chooseVideos, type AssignableVideo } from "./assignment";

const video = (videoId: string, firstOrdinal: number, assignedCount = 0, itemIds = [`${videoId}-i`], attentionOnly = false): AssignableVideo => ({
  videoId,
  itemIds,
  firstOrdinal,
  attentionOnly,
  assignedCount,
});

const req = (over: Partial<Parameters<typeof chooseVideos>[0]> = {}) => ({
  videos: [video("v1", 0), video("v2", 1), video("v3", 2)],
  conflictItemIds: new Set<string>(),
  alreadyAssigned: new Set<string>(),
  participantsPerVideo: 1 as number | null,
  capPerParticipant: 1 as number | null,
  ...over,
});

describe("assignment", () => {
  it("one participant per video: the first free video in item order", () => {
    expect(chooseVideos(req()).newVideoIds).toEqual(["v1"]);
    expect(chooseVideos(req({ videos: [video("v1", 0, 1), video("v2", 1), video("v3", 2)] })).newVideoIds).toEqual(["v2"]);
    expect(chooseVideos(req({ videos: [video("v1", 0, 1), video("v2", 1, 1)] })).newVideoIds).toEqual([]);
  });

  it("never a video the participant received in another study, attention checks included; held ones are kept", () => {
    const r = chooseVideos(req({ participantsPerVideo: null, capPerParticipant: null, seenElsewhere: new Set(["v1"]) }));
    expect(r.newVideoIds).toEqual(["v2", "v3"]);
    expect(r.seen).toEqual(["v1"]);
    const attention = chooseVideos(req({ videos: [video("v1", 0), video("att", 1, 0, ["att-i"], true)], seenElsewhere: new Set(["att"]) }));
    expect(attention.newVideoIds).toEqual(["v1"]);
    const all = chooseVideos(req({ seenElsewhere: new Set(["v1", "v2", "v3"]) }));
    expect([all.newVideoIds, all.seen]).toEqual([[], ["v1", "v2", "v3"]]);
    // A video already held in this study stays (and counts toward the cap) even if seen elsewhere since.
    const held = chooseVideos(req({ alreadyAssigned: new Set(["v1"]), seenElsewhere: new Set(["v1"]), capPerParticipant: 2 }));
    expect([held.newVideoIds, held.seen]).toEqual([["v2"], []]);
  });

  it("balanced: least-assigned first when videos take several participants", () => {
    const r = chooseVideos(req({ participantsPerVideo: null, capPerParticipant: 2, videos: [video("v1", 0, 3), video("v2", 1, 1), video("v3", 2, 2)] }));
    expect(r.newVideoIds).toEqual(["v2", "v3"]);
  });

  it("never a video with an item the participant authored, annotated or reviewed", () => {
    const r = chooseVideos(req({ conflictItemIds: new Set(["v1-i"]) }));
    expect(r.newVideoIds).toEqual(["v2"]);
    expect(r.conflicted).toEqual(["v1"]);
    const multi = chooseVideos(req({ videos: [video("v1", 0, 0, ["a", "b"]), video("v2", 1, 0, ["c"])], conflictItemIds: new Set(["b"]) }));
    expect(multi.newVideoIds).toEqual(["v2"]);
  });

  it("cap counts videos already held; idempotent", () => {
    expect(chooseVideos(req({ alreadyAssigned: new Set(["v1"]), videos: [video("v1", 0, 1), video("v2", 1)] })).newVideoIds).toEqual([]);
    expect(chooseVideos(req({ capPerParticipant: 3, alreadyAssigned: new Set(["v1"]), videos: [video("v1", 0, 1), video("v2", 1), video("v3", 2)] })).newVideoIds).toEqual(["v2", "v3"]);
  });

  it("attention-check videos go to everyone, after the first regular video, outside the cap and per-video limit", () => {
    const videos = [video("v1", 0), video("v2", 1), video("att", 5, 7, ["att-i"], true)];
    expect(chooseVideos(req({ videos, capPerParticipant: 2 })).newVideoIds).toEqual(["v1", "att", "v2"]);
    expect(chooseVideos(req({ videos, conflictItemIds: new Set(["att-i"]) })).newVideoIds).toEqual(["v1"]);
    // nothing regular left: no attention checks either
    expect(chooseVideos(req({ videos: [video("v1", 0, 1), video("att", 5, 7, ["att-i"], true)] })).newVideoIds).toEqual([]);
  });

  it("property: limits hold and conflicts never pass", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ count: fc.integer({ min: 0, max: 4 }), conflict: fc.boolean() }), { minLength: 1, maxLength: 12 }),
        fc.option(fc.integer({ min: 1, max: 4 }), { nil: null }),
        fc.option(fc.integer({ min: 1, max: 5 }), { nil: null }),
        (specs, perVideo, cap) => {
          const videos = specs.map((s, i) => video(`v${i}`, i, s.count));
          const conflicts = new Set(specs.flatMap((s, i) => (s.conflict ? [`v${i}-i`] : [])));
          const r = chooseVideos(req({ videos, conflictItemIds: conflicts, participantsPerVideo: perVideo, capPerParticipant: cap }));
          if (cap !== null) expect(r.newVideoIds.length).toBeLessThanOrEqual(cap);
          for (const id of r.newVideoIds) {
            const i = Number(id.slice(1));
            expect(specs[i].conflict).toBe(false);
            if (perVideo !== null) expect(specs[i].count).toBeLessThan(perVideo);
          }
          // balanced: nothing skipped had fewer assignments than something taken
          const taken = r.newVideoIds.map((id) => specs[Number(id.slice(1))].count);
          const skipped = specs.filter((s, i) => !s.conflict && !r.newVideoIds.includes(`v${i}`) && (perVideo === null || s.count < perVideo));
          if (taken.length && skipped.length) expect(Math.min(...skipped.map((s) => s.count))).toBeGreaterThanOrEqual(Math.max(...taken));
        },
      ),
    );
  });
});
