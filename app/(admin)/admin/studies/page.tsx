import type { Metadata } from "next";
import { Breadcrumbs } from "@/components/ui/breadcrumbs";
import { requireUser } from "@/lib/auth/current-user";
import { listStudies, projectsForNewStudy } from "@/lib/studies/study-queries";
import { NewStudyForm } from "./_components/new-study-form";
import { StudiesTable } from "./_components/studies-table";

export const metadata: Metadata = { title: "Studies" };
export const dynamic = "force-dynamic";

/** `/admin/studies` — human-baseline studies of every project, and a form to create one (ADMIN). */
export default async function StudiesPage() {
  await requireUser(["ADMIN"], "/admin/studies");
  const [studies, projects] = await Promise.all([listStudies(), projectsForNewStudy()]);
  return (
    <main className="mx-auto max-w-7xl space-y-6 p-6">
      <div>
        <Breadcrumbs trail={[{ label: "Studies" }]} />
        <h1 className="mt-1 text-2xl font-semibold">Human-baseline studies</h1>
      </div>
      <NewStudyForm projects={projects} />
      <StudiesTable studies={studies} />
    </main>
  );
}
