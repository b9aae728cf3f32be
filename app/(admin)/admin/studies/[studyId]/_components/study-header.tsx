import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { Breadcrumbs } from "@/components/ui/breadcrumbs";
import { StudyStatusBadge } from "../../_components/study-badges";

/** Breadcrumb (Studies / study), the study's name, status, protocol, benchmark and project. */
export function StudyHeader({
  study,
  project,
}: {
  study: { name: string; status: string; protocol: string; benchmark: string };
  project: { id: string; name: string };
}) {
  return (
    <div>
      <Breadcrumbs trail={[{ label: "Studies", href: "/admin/studies" }, { label: study.name }]} />
      <div className="mt-1 flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold">{study.name}</h1>
        <StudyStatusBadge status={study.status} />
        <Badge tone="blue">{study.protocol === "STREAMING" ? "Streaming" : "Free rewatch"}</Badge>
        <Badge>{study.benchmark}</Badge>
      </div>
      <p className="mt-1 text-sm text-slate-600">
        Project:{" "}
        <Link className="text-blue-700 hover:underline" href={`/projects/${encodeURIComponent(project.id)}`}>
          {project.name}
        </Link>
      </p>
    </div>
  );
}
