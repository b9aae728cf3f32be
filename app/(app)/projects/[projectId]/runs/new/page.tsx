import type { Metadata } from "next";
import { Breadcrumbs } from "@/components/ui/breadcrumbs";
import { requireUser } from "@/lib/auth/current-user";
import { projectForPage, projectPageTitle } from "@/lib/projects/page-project";
import { RUN_UPLOAD_ROLES } from "@/lib/runs/access";
import { BENCHMARK_NAMES, NATIVE_FORMAT_HINTS } from "@/lib/runs/parse-predictions";
import { maxPredictionBytes } from "@/lib/runs/upload-request";
import { isRunBenchmark } from "@/lib/runs/types";
import { UploadRunForm } from "./_components/upload-run-form";

export const dynamic = "force-dynamic";

type Params = Promise<{ projectId: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  return projectPageTitle((await params).projectId, "Upload predictions", "Runs");
}

/** /projects/[projectId]/runs/new — upload a prediction file (admins; reviewer members). */
export default async function NewRunPage({ params }: { params: Params }) {
  const { projectId } = await params;
  await requireUser(RUN_UPLOAD_ROLES, `/projects/${projectId}/runs/new`);
  const { project } = await projectForPage(projectId);
  const base = `/projects/${encodeURIComponent(project.id)}`;
  const scored = isRunBenchmark(project.benchmark);
  return (
    <main className="mx-auto flex max-w-3xl flex-col gap-4 p-6">
      <Breadcrumbs
        trail={[
          { label: "Projects", href: "/projects" },
          { label: project.name, href: base },
          { label: "Runs", href: `${base}/runs` },
          { label: "Upload" },
        ]}
      />
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
