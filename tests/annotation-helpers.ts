/**
 * Fixtures of the annotation tests (import after tests/support/test-db): two small generated
 * videos (30 fps CFR, 30 frames; 25 fps with a 2.5 s first-frame offset, 20 frames), and projects
 * of each benchmark whose items use them, with members and tasks.
 */
import { ingestVideo } from "@/lib/video-library/ingest-video";
import { generateInto, makeTempDir, miniDemoSpec } from "@/lib/video/video-test-fixtures";
import type { BenchmarkKind, Role } from "@/lib/db/types";
import { db } from "./support/test-db";
import { addMembers } from "./support/members";

export type AnnotationVideos = { cfr: string; offset: string; dir: string };

/** `cfrFrames`: frames of the CFR video (default 30 = 1 s; 300 = 10 s). */
export async function annotationVideos(cfrFrames = 30): Promise<AnnotationVideos> {
  const dir = await makeTempDir("playhead-annotation-test-");
  const [cfrFile, offsetFile] = await Promise.all([generateInto(dir, miniDemoSpec("cfr30", cfrFrames)), generateInto(dir, miniDemoSpec("offset", 20))]);
  const cfr = await ingestVideo({ file: cfrFile, mode: "copy" }, { displayName: "cfr.mp4", via: "import" });
  const offset = await ingestVideo({ file: offsetFile, mode: "copy" }, { displayName: "offset.mp4", via: "import" });
  return { cfr: cfr.video.id, offset: offset.video.id, dir };
}

export type ItemSpec = {
  externalId: string;
  format?: string;
  question?: string;
  labels?: Record<string, unknown>;
  presentation?: Record<string, unknown>;
  truth?: { answer: unknown; source: Record<string, unknown> };
  queryTimes?: number[];
  spans?: [number, number][];
  videoId?: string | null;
  videoRef?: string;
};

let counter = 0;

/** A project of `benchmark` with these items (truth in ItemTruth) and members. */
export async function annotationProject(
  benchmark: BenchmarkKind,
  items: ItemSpec[],
  members: { id: string; role: Role | string }[] = [],
  settings: Record<string, unknown> = {},
): Promise<{ projectId: string; itemIds: string[] }> {
  counter++;
  const name = `Annotation ${benchmark} ${counter} ${Date.now()}`;
  const project = await db.project.create({ data: { name, slug: name.toLowerCase().replace(/[^a-z0-9]+/g, "-"), benchmark, settings: settings as never } });
  const itemIds: string[] = [];
  for (const [ordinal, spec] of items.entries()) {
    const item = await db.item.create({
      data: {
        projectId: project.id,
        externalId: spec.externalId,
        ordinal,
        format: spec.format ?? "count",
        question: spec.question ?? "How many?",
        presentation: (spec.presentation ?? {}) as never,
        labels: (spec.labels ?? {}) as never,
        videoRef: spec.videoRef ?? "v.mp4",
        videoId: spec.videoId ?? null,
        ...(spec.truth ? { truth: { create: { answer: spec.truth.answer as never, source: spec.truth.source as never } } } : {}),
        queryPoints: { create: (spec.queryTimes ?? []).map((timeSec, i) => ({ ordinal: i, timeSec })) },
        spans: { create: (spec.spans ?? []).map(([startSec, endSec]) => ({ source: "TRUTH" as const, startSec, endSec })) },
      },
    });
    itemIds.push(item.id);
  }
  await addMembers(project.id, ...members);
  return { projectId: project.id, itemIds };
}

export async function makeTask(projectId: string, itemId: string, userId: string | null, mode: "blank" | "prefill" = "blank", round = 1): Promise<string> {
  const task = await db.task.create({ data: { projectId, itemId, userId, kind: "ANNOTATE", mode, round } });
  return task.id;
}

/** A unique client save id. */
export function saveId(): string {
  counter++;
  return `save-${Date.now().toString(36)}-${counter}-${Math.random().toString(36).slice(2, 8)}`;
}
