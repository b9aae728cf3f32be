import Link from "next/link";
import { requireUser } from "@/lib/auth/current-user";
import { RUN_UPLOAD_ROLES } from "@/lib/runs/access";
import { projectForPage } from "@/lib/runs/page-project";
import { BENCHMARK_NAMES, NATIVE_FORMAT_HINTS } from "@/lib/runs/parse-predictions";
import { maxPredictionBytes } from "@/lib/runs/upload-request";
import { isRunBenchmark } from "@/lib/runs/types";
import { UploadRunForm } from "./upload-run-form";

export const dynamic = "force-dynamic";

/** /projects/[projectId]/runs/new — upload a prediction file (ADMIN/REVIEWER). */
export default async function NewRunPage({ params }: { params: Promise<{ projectId: string }> }) {
  const { projectId } = await params;
  await requireUser(RUN_UPLOAD_ROLES, `/projects/${projectId}/runs/new`);
  const project = await projectForPage(projectId);
  const base = `/projects/${encodeURIComponent(projectId)}`;
  const scored = isRunBenchmark(project.benchmark);
  return (
    <main className="mx-auto flex max-w-3xl flex-col gap-4 p-6">
      <nav className="text-sm text-slate-500">
        <Link href={base} className="text-blue-700 hover:underline">
          {project.name}
        </Link>{" "}
        /{" "}
        <Link href={`${base}/runs`} className="text-blue-700 hover:underline">
          Runs
        </Link>{" "}
        / Upload
      </nav>
      <h1 className="text-2xl font-semibold">Upload predictions</h1>
      {scored ? (
        <>
          <p className="text-sm text-slate-600">
            The file is scored on the server against the project&apos;s ground truth with the same metric code as the command-line
            scorer. {BENCHMARK_NAMES[project.benchmark as keyof typeof BENCHMARK_NAMES]} predictions:{" "}
            {NATIVE_FORMAT_HINTS[project.benchmark as keyof typeof NATIVE_FORMAT_HINTS]}; or generic JSONL{" "}
            <code className="rounded bg-slate-100 px-1">{'{"item_id": ..., "prediction": ...}'}</code>. Scripts can use the REST API
            with an API token (see docs/api/runs.md).
          </p>
          <UploadRunForm projectId={project.id} projectHref={base} benchmark={project.benchmark} maxBytes={maxPredictionBytes()} />
        </>
      ) : (
        <p className="text-sm text-red-700">This project&apos;s benchmark ({project.benchmark}) has no built-in scorer.</p>
      )}
    </main>
  );
}
