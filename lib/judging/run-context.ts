import "server-only";
import { db } from "@/lib/db/prisma";
import { loadHumanJudgements } from "@/lib/runs/load-human-judgements";
import { loadTruthIndex } from "@/lib/runs/truth-index";
import type { JudgementRow } from "@/lib/runs/human-judgements";
import type { RunBenchmark, TruthItem } from "@/lib/runs/types";
import { videoFrameRate } from "@/lib/video-library/frame-rate";
import { toVideoDto } from "@/lib/video-library/video-dto";
import type { VsasTaskView } from "./api-schemas";

export type ItemViews = Map<string, { question: string; video: VsasTaskView["video"] }>;

/** What a judge queue page is built from: the project's truth, the run's raws, its judgements and the judges' names. */
export type RunContext = {
  truth: TruthItem[];
  raws: Map<string, unknown>;
  judgements: JudgementRow[];
  judgeNames: Map<string, string>;
  /** Adds the names of more judges (a study's session judgements) to `judgeNames`. */
  addJudgeNames: (ids: readonly string[]) => Promise<void>;
  items: ItemViews;
};

export async function loadRunContext(projectId: string, benchmark: RunBenchmark, runId: string): Promise<RunContext> {
  const [index, rows, judgements, items] = await Promise.all([
    loadTruthIndex(projectId, benchmark),
    db.runItemResult.findMany({ where: { runId }, select: { itemId: true, raw: true } }),
    loadHumanJudgements(runId),
    loadItemViews(projectId),
  ]);
  const judgeNames = new Map<string, string>();
  const addJudgeNames = (ids: readonly string[]) => loadJudgeNames(judgeNames, ids);
  await addJudgeNames(judgements.flatMap((j) => (j.judgeId ? [j.judgeId] : [])));
  return {
    truth: index.items,
    raws: new Map(rows.filter((r) => r.raw !== null && typeof r.raw === "object").map((r) => [r.itemId, r.raw as unknown])),
    judgements,
    judgeNames,
    addJudgeNames,
    items,
  };
}

/** Adds the names of `ids` missing from `names` (one query). */
export async function loadJudgeNames(names: Map<string, string>, ids: readonly string[]): Promise<void> {
  const missing = [...new Set(ids)].filter((id) => !names.has(id));
  if (missing.length === 0) return;
  const users = await db.user.findMany({ where: { id: { in: missing } }, select: { id: true, name: true, email: true } });
  for (const u of users) names.set(u.id, u.name || u.email);
}

/** The question and playable video of the project's active items (of `itemIds` only, when given). */
export async function loadItemViews(projectId: string, itemIds?: readonly string[]): Promise<ItemViews> {
  const items = await db.item.findMany({ where: { projectId, status: "ACTIVE", ...(itemIds ? { id: { in: [...itemIds] } } : {}) }, select: { id: true, question: true, video: true } });
  return new Map(
    items.map((i) => [
      i.id,
      {
        question: i.question,
        video: i.video && i.video.status === "READY" ? playerVideo(toVideoDto({ ...i.video, addedBy: null }), videoFrameRate(i.video)) : null,
      },
    ]),
  );
}

function playerVideo(dto: ReturnType<typeof toVideoDto>, fps: number): VsasTaskView["video"] {
  return {
    src: dto.urls.media,
    mimeType: dto.mimeType,
    ptsUrl: dto.urls.pts,
    mediaTimeOffset: dto.mediaTimeOffset,
    frameCount: dto.frameCount,
    fps,
  };
}
