import { db } from "@/tests/support/test-db";
import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as mediaRoute } from "@/app/api/media/[videoId]/route";
import { POST as answerRoute } from "@/app/api/sessions/[id]/answers/route";
import { POST as claimRoute } from "@/app/api/sessions/[id]/claim/route";
import { GET as sessionMediaRoute } from "@/app/api/sessions/[id]/media/route";
import { GET as stateRoute } from "@/app/api/sessions/[id]/route";
import { POST as consentRoute } from "@/app/api/studies/[studyId]/consent/route";
import { GET as enterRoute } from "@/app/api/studies/[studyId]/enter/route";
import { GET as participationRoute } from "@/app/api/studies/[studyId]/participation/route";
import { forgetSession } from "@/lib/protocol/load-session";
import { signedResourcePath } from "@/lib/protocol/sign-segment-url";
import { createItems, createOpenStudy, createProject, ingestTestVideo, pathOf } from "./baseline-fixtures";
import { addMembers } from "./support/members";
import { expectUnchanged, snapshot } from "./support/protocol-snapshot";
import { call } from "./support/requests";
import { createTestUser, type TestUser } from "./support/users";

/**
 * Protocol attack suite: staff in studies (issue 20, point 5). A study session hands out its
 * items' questions and, under FREE_REWATCH, the whole video; staff accounts must get no more
 * through a study than their project membership gives them. The rule: staff (admin, reviewer,
 * annotator; member or not) cannot take part at all, and a study's participation (its title
 * included) is not told to them. Every refusal changes nothing.
 */
const STUDY_NAME = `Secret study ${randomBytes(4).toString("hex")}`;
const ctx = {} as { studyId: string; videoId: string; staff: Record<string, TestUser> };

describe("staff cannot take part in studies (their membership is the limit)", { timeout: 300_000 }, () => {
  beforeAll(async () => {
    const admin = await createTestUser({ role: "ADMIN" });
    const video = await ingestTestVideo(30);
    const project = await createProject("TOCBENCH");
    const opts = ["A", "B", "C", "D"].map((l) => ({ label: l, text: `option ${l}` }));
    const [item] = await createItems(project.id, video.id, [{ externalId: "q", format: "mcq_4", presentation: { options: opts }, truth: "B" }]);
    const { studyId } = await createOpenStudy(admin, project.id, "FREE_REWATCH", [{ itemId: item.id }], { participantsPerVideo: null, crowdPlatforms: [] });
    await db.study.update({ where: { id: studyId }, data: { name: STUDY_NAME } });
    const staff = {
      "annotator (not a member)": await createTestUser({ role: "ANNOTATOR" }),
      "reviewer (not a member)": await createTestUser({ role: "REVIEWER" }),
      "annotator (member)": await createTestUser({ role: "ANNOTATOR" }),
      "reviewer (member)": await createTestUser({ role: "REVIEWER" }),
      admin,
    };
    await addMembers(project.id, staff["annotator (member)"], staff["reviewer (member)"]);
    Object.assign(ctx, { studyId, videoId: video.id, staff });
  }, 600_000);

  it("the outsiders' membership refuses them the video (the limit a study must not get round)", async () => {
    for (const who of ["annotator (not a member)", "reviewer (not a member)"]) {
      const r = await call(mediaRoute, `/api/media/${ctx.videoId}`, { as: ctx.staff[who], params: { videoId: ctx.videoId } });
      expect(r.status, who).toBe(404);
    }
  });

  for (const who of ["annotator (not a member)", "reviewer (not a member)", "annotator (member)", "reviewer (member)", "admin"]) {
    it(`${who}: entering, consenting and reading participation are refused (403); nothing changes`, async () => {
      const user = ctx.staff[who];
      const studyId = ctx.studyId;
      const before = await snapshot();
      const entered = await call(enterRoute, `/api/studies/${studyId}/enter`, { as: user, params: { studyId } });
      expect([entered.status, entered.json.error.code]).toEqual([403, "staff_not_allowed"]);
      expect(entered.headers.getSetCookie()).toEqual([]);
      const page = await call(enterRoute, `/api/studies/${studyId}/enter`, { as: user, headers: { accept: "text/html" }, params: { studyId } });
      expect(page.status).toBe(403);
      expect(page.headers.get("content-type")).toMatch(/^text\/html/);
      expect(page.text).toMatch(/Staff accounts .* cannot take part/);
      const consent = await call(consentRoute, `/api/studies/${studyId}/consent`, { as: user, method: "POST", params: { studyId } });
      expect(consent.status).toBe(403);
      const progress = await call(participationRoute, `/api/studies/${studyId}/participation`, { as: user, params: { studyId } });
      expect(progress.status).toBe(403);
      expect(progress.text).not.toContain(STUDY_NAME);
      await expectUnchanged(before);
    });
  }

  it("a session a staff account held before the rule gives it nothing: no state, claim, answer or video", async () => {
    const user = ctx.staff["annotator (not a member)"];
    // As the old rule allowed: the annotator joined the FREE_REWATCH study and got a session.
    const participant = await db.studyParticipant.create({ data: { studyId: ctx.studyId, userId: user.id, consentedAt: new Date() } });
    const signingKey = randomBytes(32).toString("base64url");
    const session = await db.baselineSession.create({
      data: { studyId: ctx.studyId, participantId: participant.id, videoId: ctx.videoId, signingKey, unlockedIndex: 1 },
    });
    forgetSession();
    const before = await snapshot();
    const id = session.id;
    expect((await call(stateRoute, `/api/sessions/${id}`, { as: user, params: { id } })).status).toBe(403);
    expect((await call(claimRoute, `/api/sessions/${id}/claim`, { as: user, json: { tabId: "staff-tab-00001" }, params: { id } })).status).toBe(403);
    const answer = await call(answerRoute, `/api/sessions/${id}/answers`, { as: user, json: { askIndex: 0, tabId: "staff-tab-00001", version: 0, answer: "B" }, params: { id } });
    expect(answer.status).toBe(403);
    const url = pathOf(signedResourcePath(signingKey, { sessionId: id, userId: user.id, resource: "media", exp: Math.floor(Date.now() / 1000) + 600 }));
    const media = await call(sessionMediaRoute, url.path, { as: user, query: url.query, params: { id } });
    expect([media.status, media.json.error.code]).toEqual([403, "wrong_user"]);
    const logged = await expectUnchanged(before);
    expect(logged).toEqual([{ sessionId: id, segmentIndex: -3, allowed: false, reason: "wrong_user" }]);
  });
});
