/**
 * Shared set-up of the baseline-session integration tests (tests/baseline-*.test.ts). Import
 * after tests/support/test-db.
 */
import path from "node:path";
import { expect } from "vitest";
import { GET as enterRoute } from "@/app/api/studies/[studyId]/enter/route";
import { PUT as itemsRoute } from "@/app/api/studies/[studyId]/items/route";
import { POST as statusRoute } from "@/app/api/studies/[studyId]/status/route";
import { POST as createRoute } from "@/app/api/studies/route";
import { ingestVideo } from "@/lib/video-library/ingest-video";
import { generateInto, makeTempDir, miniDemoSpec } from "@/lib/video/video-test-fixtures";
import type { StudySettingsInput } from "@/lib/protocol/study-settings";
import { call, type SessionSubject } from "./support/requests";
import { db } from "./support/test-db";

/** A 3-second 30 fps H.264 test video (90 frames), ingested into the library. */
export async function ingestTestVideo(frames = 90): Promise<{ id: string; frameCount: number }> {
  const dir = await makeTempDir("playhead-baseline-");
  const file = await generateInto(dir, miniDemoSpec("cfr30", frames));
  const { video } = await ingestVideo({ file, mode: "copy" }, { displayName: path.basename(file), via: "import" });
  return { id: video.id, frameCount: video.frameCount };
}

export async function createProject(benchmark: "VCBENCH" | "TOCBENCH" | "VSTAT" | "ECBENCH" | "VSAS" | "CUSTOM", name = `p-${Math.random().toString(36).slice(2)}`) {
  return db.project.create({ data: { name, slug: name, benchmark, settings: {} } });
}

export type ItemSpec = {
  externalId: string;
  format: string;
  question?: string;
  presentation?: Record<string, unknown>;
  labels?: Record<string, unknown>;
  notes?: string;
  truth: unknown;
  truthSource?: Record<string, unknown>;
  /** Query points as frames (time = frame / 30). */
  queryFrames?: number[];
  truthSpans?: [number, number][];
};

export async function createItems(projectId: string, videoId: string, specs: ItemSpec[]) {
  const out = [];
  for (const [ordinal, s] of specs.entries()) {
    const item = await db.item.create({
      data: {
        projectId,
        externalId: s.externalId,
        ordinal,
        format: s.format,
        question: s.question ?? `Question ${s.externalId}?`,
        presentation: (s.presentation ?? {}) as never,
        labels: (s.labels ?? {}) as never,
        notes: s.notes ?? "",
        videoRef: "test.mp4",
        videoId,
        truth: { create: { answer: s.truth as never, source: (s.truthSource ?? {}) as never } },
        queryPoints: { create: (s.queryFrames ?? []).map((f, i) => ({ ordinal: i, timeSec: f / 30, frameIndex: f })) },
        spans: { create: (s.truthSpans ?? []).map(([a, b]) => ({ source: "TRUTH" as const, startSec: a, endSec: b })) },
      },
    });
    out.push(item);
  }
  return out;
}

export async function createOpenStudy(
  admin: SessionSubject,
  projectId: string,
  protocol: "STREAMING" | "FREE_REWATCH",
  items: { itemId: string; attentionCheck?: boolean }[],
  settings: StudySettingsInput = {},
) {
  const created = await call(createRoute, "/api/studies", {
    as: admin,
    // Recruits on both crowd platforms unless the test says otherwise (platform ids are refused on
    // a study that does not list the platform).
    json: { projectId, name: `study-${Math.random().toString(36).slice(2)}`, protocol, settings: { crowdPlatforms: ["prolific", "mturk"], ...settings } },
  });
  expect(created.status, created.text).toBe(201);
  const studyId: string = created.json.study.id;
  const put = await call(itemsRoute, `/api/studies/${studyId}/items`, {
    as: admin,
    method: "PUT",
    json: { items: items.map((i) => ({ itemId: i.itemId, attentionCheck: i.attentionCheck ?? false })) },
    params: { studyId },
  });
  expect(put.status, put.text).toBe(200);
  const opened = await call(statusRoute, `/api/studies/${studyId}/status`, { as: admin, json: { status: "OPEN", confirmMissingCompletion: true }, params: { studyId } });
  expect(opened.status, opened.text).toBe(200);
  return { studyId, report: opened.json.report };
}

/**
 * Opens the study link as a Prolific participant (submission `SESSION_ID` defaults to one derived
 * from the id); returns the session cookie it set and the participant's account.
 */
export async function enterAsProlific(studyId: string, pid: string, submission = `SUB-${pid}`): Promise<{ cookie: string; userId: string }> {
  const res = await call(enterRoute, `/api/studies/${studyId}/enter`, {
    query: { PROLIFIC_PID: pid, STUDY_ID: "st", SESSION_ID: submission },
    params: { studyId },
  });
  expect(res.status, res.text).toBe(303);
  const cookie = res.headers.getSetCookie().map((c) => c.split(";")[0]).find((c) => c.includes("session-token"));
  expect(cookie).toBeTruthy();
  const participant = await db.studyParticipant.findFirstOrThrow({ where: { studyId, externalSource: "prolific", externalId: pid } });
  return { cookie: cookie!, userId: participant.userId };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Path + query of a URL string. */
export function pathOf(url: string): { path: string; query: Record<string, string> } {
  const u = new URL(url, "http://localhost:3000");
  return { path: u.pathname, query: Object.fromEntries(u.searchParams) };
}

/** The segment URIs and the init URI of a playlist text. */
export function playlistUris(text: string): { init: string; segments: string[] } {
  const init = /#EXT-X-MAP:URI="([^"]+)"/.exec(text)?.[1] ?? "";
  const segments = text.split("\n").filter((l) => l.startsWith("/api/segments/"));
  return { init, segments };
}
