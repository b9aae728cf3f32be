import "server-only";
import { db } from "@/lib/db/prisma";
import { loadHumanJudgements } from "@/lib/runs/load-human-judgements";
import { loadTruthIndex } from "@/lib/runs/truth-index";
import type { JudgementRow } from "@/lib/runs/human-judgements";
import type { RunBenchmark, TruthItem } from "@/lib/runs/types";
import { toVideoDto } from "@/lib/video-library/video-dto";
import type { VsasTaskView } from "./api-schemas";

/** What a judge queue page is built from: the project's truth, the run's raws, its judgements and the judges' names. */
export type RunContext = {
  truth: TruthItem[];
  raws: Map<string, unknown>;
  judgements: JudgementRow[];
  judgeNames: Map<string, string>;
  items: Map<string, { question: string; video: VsasTaskView["video"] }>;
};

export async function loadRunContext(projectId: string, benchmark: RunBenchmark, runId: string): Promise<RunContext> {
  const [index, rows, judgements, items] = await Promise.all([
    loadTruthIndex(projectId, benchmark),
    db.runItemResult.findMany({ where: { runId }, select: { itemId: true, raw: true } }),
    loadHumanJudgements(runId),
    db.item.findMany({ where: { projectId, status: "ACTIVE" }, select: { id: true, question: true, video: true } }),
  ]);
  const ids = [...new Set(judgements.flatMap((j) => (j.judgeId ? [j.judgeId] : [])))];
  const users = ids.length ? await db.user.findMany({ where: { id: { in: ids } }, select: { id: true, name: true, email: true } }) : [];
  return {
    truth: index.items,
    raws: new Map(rows.filter((r) => r.raw !== null && typeof r.raw === "object").map((r) => [r.itemId, r.raw as unknown])),
    judgements,
    judgeNames: new Map(users.map((u) => [u.id, u.name || u.email])),
    items: new Map(
      items.map((i) => [
        i.id,
        {
          question: i.question,
          video: i.video && i.video.status === "READY" ? playerVideo(toVideoDto({ ...i.video, addedBy: null })) : null,
        },
      ]),
    ),
  };
}

function playerVideo(dto: ReturnType<typeof toVideoDto>): VsasTaskView["video"] {
  return {
    src: dto.urls.media,
    mimeType: dto.mimeType,
    ptsUrl: dto.urls.pts,
    mediaTimeOffset: dto.mediaTimeOffset,
    frameCount: dto.frameCount,
    fps: dto.fps ?? (dto.durationSec > 0 ? dto.frameCount / dto.durationSec : 30),
  };
}
