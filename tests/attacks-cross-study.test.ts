import { db } from "@/tests/support/test-db";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as answerRoute } from "@/app/api/sessions/[id]/answers/route";
import { POST as claimRoute } from "@/app/api/sessions/[id]/claim/route";
import { GET as sessionMediaRoute } from "@/app/api/sessions/[id]/media/route";
import { POST as consentRoute } from "@/app/api/studies/[studyId]/consent/route";
import { GET as enterRoute } from "@/app/api/studies/[studyId]/enter/route";
import { GET as exportRoute } from "@/app/api/studies/[studyId]/export/route";
import { GET as studyRoute } from "@/app/api/studies/[studyId]/route";
import { createItems, createOpenStudy, createProject, enterAsProlific, ingestTestVideo, pathOf } from "./baseline-fixtures";
import { expectUnchanged, snapshot } from "./support/protocol-snapshot";
import { call, sessionCookie } from "./support/requests";
import { createTestUser, type TestUser } from "./support/users";

/**
 * Protocol attack suite: cross-study exposure (issue 20, point 3). Assignment never gives a
 * participant an item whose video they received in any earlier session (any study, any protocol),
 * unless the study's `excludeSeenVideos` setting (default on) is turned off. The same person across
 * studies: the same account, or the same platform id on the same platform (a crowd worker gets one
 * account per study). A free-rewatch study, then a streaming study, on one project's items.
 */
const ctx = {} as { admin: TestUser; v1: string; v2: string; a: string; b: string };
const as = (cookie: string) => ({ headers: { cookie } });

async function studyOf(protocol: "STREAMING" | "FREE_REWATCH", items: string[], settings: Record<string, unknown> = {}) {
  const { studyId } = await createOpenStudy(ctx.admin, (await db.item.findUniqueOrThrow({ where: { id: items[0] } })).projectId, protocol, items.map((itemId) => ({ itemId })), {
    participantsPerVideo: null,
    capPerParticipant: null,
    enforceRealtime: false,
    ...settings,
  });
  return studyId;
}

async function consent(studyId: string, cookie: string) {
  const r = await call(consentRoute, `/api/studies/${studyId}/consent`, { ...as(cookie), method: "POST", params: { studyId } });
  expect(r.status, r.text).toBe(200);
  return r.json.sessionId as string | null;
}

/** The videos of the participant's sessions in a study, in watching order. */
async function videosIn(studyId: string, userId: string): Promise<string[]> {
  const rows = await db.baselineSession.findMany({ where: { studyId, participant: { userId } }, orderBy: { startedAt: "asc" }, select: { videoId: true } });
  return rows.map((r) => r.videoId);
}

/** Claims a free-rewatch session and fetches its whole video (what "received" means at its strongest). */
async function watchWhole(sessionId: string, cookie: string) {
  const claim = await call(claimRoute, `/api/sessions/${sessionId}/claim`, { ...as(cookie), json: { tabId: "watch-tab-000001" }, params: { id: sessionId } });
  expect(claim.status, claim.text).toBe(200);
  const { path, query } = pathOf(claim.json.freeRewatch.mediaUrl);
  const media = await call(sessionMediaRoute, path, { ...as(cookie), query, params: { id: sessionId } });
  expect(media.status).toBe(200);
  return claim.json.version as number;
}

describe("a video received in one study is never given again in another (unless the study turns it off)", { timeout: 600_000 }, () => {
  beforeAll(async () => {
    ctx.admin = await createTestUser({ role: "ADMIN" });
    const v1 = await ingestTestVideo(40);
    const v2 = await ingestTestVideo(45);
    const project = await createProject("VCBENCH");
    const [a] = await createItems(project.id, v1.id, [{ externalId: "a", format: "count", labels: { subtype: "O1-Snap" }, truth: [1, 1], queryFrames: [9, 19] }]);
    const [b] = await createItems(project.id, v2.id, [{ externalId: "b", format: "count", labels: { subtype: "O1-Snap" }, truth: [1, 1], queryFrames: [9, 19] }]);
    Object.assign(ctx, { v1: v1.id, v2: v2.id, a: a.id, b: b.id });
  }, 600_000);

  it("a crowd worker who watched video 1 under free rewatch gets only video 2 in a streaming study of the same items", async () => {
    const free = await studyOf("FREE_REWATCH", [ctx.a]);
    const streaming = await studyOf("STREAMING", [ctx.a, ctx.b]);
    const first = await enterAsProlific(free, "6a0000000000000000000001", "SUB-FREE");
    const s = await consent(free, first.cookie);
    await watchWhole(s!, first.cookie);
    expect(await videosIn(free, first.userId)).toEqual([ctx.v1]);

    const second = await enterAsProlific(streaming, "6a0000000000000000000001", "SUB-STREAM");
    expect(second.userId, "one account per platform id and study").not.toBe(first.userId);
    expect(await consent(streaming, second.cookie)).toBeTruthy();
    expect(await videosIn(streaming, second.userId)).toEqual([ctx.v2]);
    // Another worker (not exposed) gets both.
    const fresh = await enterAsProlific(streaming, "6a0000000000000000000002", "SUB-FRESH");
    await consent(streaming, fresh.cookie);
    expect((await videosIn(streaming, fresh.userId)).sort()).toEqual([ctx.v1, ctx.v2].sort());
  });

  it("the same for a signed-in participant account, and the same worker id on MTurk", async () => {
    const free = await studyOf("FREE_REWATCH", [ctx.a]);
    const streaming = await studyOf("STREAMING", [ctx.a, ctx.b]);
    const participant = await createTestUser({ role: "PARTICIPANT" });
    const cookie = await sessionCookie(participant);
    for (const studyId of [free, streaming]) {
      const r = await call(enterRoute, `/api/studies/${studyId}/enter`, { ...as(cookie), params: { studyId } });
      expect(r.status, r.text).toBe(303);
      await consent(studyId, cookie);
    }
    expect(await videosIn(free, participant.id)).toEqual([ctx.v1]);
    expect(await videosIn(streaming, participant.id)).toEqual([ctx.v2]);

    const mturk = async (studyId: string, assignmentId: string) => {
      const r = await call(enterRoute, `/api/studies/${studyId}/enter`, { query: { workerId: "A9SAMEWORKER", assignmentId, hitId: "H" }, params: { studyId } });
      expect(r.status, r.text).toBe(303);
      const c = r.headers.getSetCookie()[0].split(";")[0];
      await consent(studyId, c);
      return (await db.studyParticipant.findFirstOrThrow({ where: { studyId, externalId: "A9SAMEWORKER" } })).userId;
    };
    expect(await videosIn(free, await mturk(free, "ASSIGN-FREE"))).toEqual([ctx.v1]);
    expect(await videosIn(streaming, await mturk(streaming, "ASSIGN-STREAM"))).toEqual([ctx.v2]);
  });

  it("a participant whose every video was received elsewhere is given nothing, and no session is written", async () => {
    const free = await studyOf("FREE_REWATCH", [ctx.a]);
    const again = await studyOf("STREAMING", [ctx.a]);
    const first = await enterAsProlific(free, "6a0000000000000000000003", "SUB-ONE");
    await consent(free, first.cookie);
    const second = await enterAsProlific(again, "6a0000000000000000000003", "SUB-TWO");
    await db.studyParticipant.updateMany({ where: { studyId: again, userId: second.userId }, data: { consentedAt: new Date() } });
    const before = await snapshot();
    expect(await consent(again, second.cookie)).toBeNull();
    await expectUnchanged(before);
  });

  it("turned off for a study, the rule lets the video through; the setting is on by default, on the study API and in the CSV export", async () => {
    const free = await studyOf("FREE_REWATCH", [ctx.a]);
    const open = await studyOf("FREE_REWATCH", [ctx.a, ctx.b], { excludeSeenVideos: false });
    const first = await enterAsProlific(free, "6a0000000000000000000004", "SUB-A");
    await consent(free, first.cookie);
    const second = await enterAsProlific(open, "6a0000000000000000000004", "SUB-B");
    const sessionId = await consent(open, second.cookie);
    expect((await videosIn(open, second.userId)).sort()).toEqual([ctx.v1, ctx.v2].sort());

    const settingOf = async (studyId: string) => (await call(studyRoute, `/api/studies/${studyId}`, { as: ctx.admin, params: { studyId } })).json.study.settings.excludeSeenVideos;
    expect(await settingOf(free)).toBe(true);
    expect(await settingOf(open)).toBe(false);

    const version = await watchWhole(sessionId!, second.cookie);
    const answered = await call(answerRoute, `/api/sessions/${sessionId}/answers`, { ...as(second.cookie), json: { askIndex: 0, tabId: "watch-tab-000001", version, answer: 1 }, params: { id: sessionId! } });
    expect(answered.status, answered.text).toBe(200);
    const csv = await call(exportRoute, `/api/studies/${open}/export`, { as: ctx.admin, query: { format: "csv" }, params: { studyId: open } });
    expect(csv.status).toBe(200);
    const [header, row] = csv.text.trim().split("\n").map((l) => l.split(","));
    const column = header.indexOf("exclude_seen_videos");
    expect(column).toBeGreaterThanOrEqual(0);
    expect(row[column]).toBe("0");
    const onCsv = await call(exportRoute, `/api/studies/${free}/export`, { as: ctx.admin, query: { format: "csv" }, params: { studyId: free } });
    expect(onCsv.text.split("\n")[0].split(",")).toContain("exclude_seen_videos");
  });

  it("consenting to two studies at once never gives the same video in both", async () => {
    const one = await studyOf("FREE_REWATCH", [ctx.a]);
    const two = await studyOf("STREAMING", [ctx.a]);
    const participant = await createTestUser({ role: "PARTICIPANT" });
    const cookie = await sessionCookie(participant);
    for (const studyId of [one, two]) expect((await call(enterRoute, `/api/studies/${studyId}/enter`, { ...as(cookie), params: { studyId } })).status).toBe(303);
    const results = await Promise.all([one, two].map((studyId) => consent(studyId, cookie)));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect([...(await videosIn(one, participant.id)), ...(await videosIn(two, participant.id))]).toEqual([ctx.v1]);
  });
});
