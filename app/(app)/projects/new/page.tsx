import type { Metadata } from "next";
import { Breadcrumbs } from "@/components/ui/breadcrumbs";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { requireUser } from "@/lib/auth/current-user";
import { PROJECT_ADMIN_ROLES } from "@/lib/projects/access";
import { maxBenchmarkBytes } from "@/lib/projects/upload-limits";
import { ImportForm } from "./_components/import-form";

export const metadata: Metadata = { title: "New project · Projects" };
export const dynamic = "force-dynamic";

/** /projects/new — create a project by importing a benchmark file (admin): dry run first, then import. */
export default async function NewProjectPage() {
  await requireUser(PROJECT_ADMIN_ROLES, "/projects/new");
  return (
    <main className="mx-auto flex max-w-5xl flex-col gap-6 p-6">
      <div>
        <Breadcrumbs trail={[{ label: "Projects", href: "/projects" }, { label: "New project" }]} />
        <h1 className="mt-1 text-2xl font-semibold">New project</h1>
        <p className="mt-1 max-w-3xl text-sm text-slate-600">
          Import a benchmark&apos;s annotation file. The file is checked first (a dry run: nothing is written) and you see its consistency report — items, query
          points, videos referenced, warnings and errors with their line and item. Import then writes all of it or, on any error, nothing. Videos may be added
          to the library before or after: items find theirs by file name.
        </p>
      </div>
      <Card>
        <CardHeader title="Benchmark file" />
        <CardBody>
          <ImportForm maxBytes={maxBenchmarkBytes()} />
        </CardBody>
      </Card>
    </main>
  );
}
