import type { Metadata } from "next";
import { JudgePageError } from "@/components/judging/judge-page-error";
import { Breadcrumbs } from "@/components/ui/breadcrumbs";
import { requireUser } from "@/lib/auth/current-user";
import { JUDGE_ROLES } from "@/lib/judging/judge-run";
import { pageJudgeRun } from "@/lib/judging/page-run";
import { vsasQueue } from "@/lib/judging/vsas-queue";
import { VsasGrader } from "./_components/vsas-grader";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Grade VSAS responses" };

type Params = Promise<{ runId: string }>;

/** /review/judge/runs/[runId]/vsas — grade a VSAS run's response at each second against the truth caption (yes/no and the 0-3 rubric). */
export default async function VsasJudgePage({ params }: { params: Params }) {
  const { runId } = await params;
  const user = await requireUser(JUDGE_ROLES, `/review/judge/runs/${encodeURIComponent(runId)}/vsas`);
  const found = await pageJudgeRun(user, runId, "VSAS");
  if ("error" in found) return <JudgePageError message={found.error} />;
  const payload = await vsasQueue(found.run, user.id);
  return (
    <main className="mx-auto flex max-w-[1600px] flex-col gap-3 p-4">
      <Breadcrumbs trail={[{ label: "Judge queues", href: "/review/judge" }, { label: payload.run.projectName }, { label: payload.run.name }]} />
      <VsasGrader payload={payload} />
    </main>
  );
}
