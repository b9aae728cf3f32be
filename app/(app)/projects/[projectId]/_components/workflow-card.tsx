import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { buttonClasses } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import type { ProjectOverview } from "@/lib/projects/project-queries";
import { METRIC_VARIANT_LABELS, PROTOCOL_LABELS, type ProjectSettings } from "@/lib/projects/settings";

/** The workflow settings in brief (metric variant, qualification, double review, protocol), formats and members. */
export function WorkflowCard({ projectId, settings: s, overview, isAdmin }: { projectId: string; settings: ProjectSettings; overview: ProjectOverview; isAdmin: boolean }) {
  return (
    <Card>
      <CardHeader
        title="Workflow"
        description={isAdmin ? undefined : "Set by an admin."}
        actions={
          isAdmin && (
            <Link href={`/projects/${projectId}/settings`} className={buttonClasses("secondary", "sm")}>
              Edit
            </Link>
          )
        }
      />
      <CardBody>
        <dl className="flex flex-col gap-2 text-sm">
          <div>
            <dt className="text-slate-500">Metrics</dt>
            <dd>{METRIC_VARIANT_LABELS[s.metricVariant]}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Qualification</dt>
            <dd>Cohen&apos;s kappa &gt; {s.qualificationKappa}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Double review</dt>
            <dd>{s.doubleReview ? <Badge tone="green">on</Badge> : <Badge>off</Badge>}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Baseline protocol</dt>
            <dd>{PROTOCOL_LABELS[s.protocol]}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Formats</dt>
            <dd className="flex flex-wrap gap-1">
              {overview.formats.map((f) => (
                <Badge key={f.format}>
                  {f.format} · {f.count}
                </Badge>
              ))}
              {overview.formats.length === 0 && "–"}
            </dd>
          </div>
          <div>
            <dt className="text-slate-500">Members</dt>
            <dd>{overview.members}</dd>
          </div>
        </dl>
      </CardBody>
    </Card>
  );
}
