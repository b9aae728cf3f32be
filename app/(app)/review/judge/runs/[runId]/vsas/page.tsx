import type { Metadata } from "next";
import { JudgePageError } from "@/components/judging/judge-page-error";
import { Breadcrumbs } from "@/components/ui/breadcrumbs";
import { requireUser } from "@/lib/auth/current-user";
import { JUDGE_ROLES } from "@/lib/judging/judge-run";
import { pageJudgeRun, pageVsasQueue } from "@/lib/judging/page-run";
import { VsasGrader } from "./_components/vsas-grader";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Grade VSAS responses" };

type Params = Promise<{ runId: string }>;
type Search = Promise<Record<string, string | string[] | undefined>>;

/**
 * /review/judge/runs/[runId]/vsas?page=N (or ?item=…&session=…; &at=last|unjudged) — grade a VSAS
 * run's (or a study participant's) response at each second against the truth caption (yes/no and
 * the 0-3 rubric), one task per page.
 */
export default async function VsasJudgePage({ params, searchParams }: { params: Params; searchParams: Search }) {
  const { runId } = await params;
  const user = await requireUser(JUDGE_ROLES, `/review/judge/runs/${encodeURIComponent(runId)}/vsas`);
  const found = await pageJudgeRun(user, runId, "VSAS");
  if ("error" in found) return <JudgePageError message={found.error} />;
  const paged = await pageVsasQueue(found.run, user.id, await searchParams);
  if ("error" in paged) return <JudgePageError message={paged.error} />;
  const { payload, start } = paged;
  return (
    <main className="mx-auto flex max-w-[1600px] flex-col gap-3 p-4">
      <Breadcrumbs trail={[{ label: "Judge queues", href: "/review/judge" }, { label: payload.run.projectName }, { label: payload.run.name }]} />
      <VsasGrader key={`${payload.page.index}:${start}`} payload={payload} start={start} />
    </main>
  );
}
