import type { Metadata } from "next";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { requireUser } from "@/lib/auth/current-user";
import { projectForPage, projectPageTitle } from "@/lib/projects/page-project";
import { goldCandidates, listGoldSets } from "@/lib/review/gold-sets";
import { listAttempts } from "@/lib/review/qualification-attempts";
import { ProjectHeader } from "../../_components/project-header";
import { AttemptsTable } from "./_components/attempts-table";
import { GoldSetForm } from "./_components/gold-set-form";
import { GoldSetsList } from "./_components/gold-sets-list";

export const dynamic = "force-dynamic";

type Params = Promise<{ projectId: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  return projectPageTitle((await params).projectId, "Qualification");
}

/**
 * /projects/[projectId]/qualification (admins; the project's reviewers read-only) — gold sets
 * (built from items with truth, threshold per set) and every annotator's qualification attempts
 * with their per-kind kappa, status and, for admins, Allow retry after a failure.
 */
export default async function ProjectQualificationPage({ params }: { params: Params }) {
  const { projectId } = await params;
  await requireUser(["ADMIN", "REVIEWER"], `/projects/${encodeURIComponent(projectId)}/qualification`);
  const { project, isAdmin, truthVisible } = await projectForPage(projectId, "read");
  const [goldSets, attempts, candidates] = await Promise.all([listGoldSets(project.id), listAttempts(project.id), isAdmin ? goldCandidates(project.id) : Promise.resolve([])]);
  return (
    <main className="mx-auto flex max-w-6xl flex-col gap-6 p-6">
      <ProjectHeader project={project} current="qualification" isAdmin={isAdmin} canReview={truthVisible} />
      <Card>
        <CardHeader
          title="Attempts"
          description="Each annotator's qualification attempts: kappa against the gold truth per annotation kind; an annotator qualifies when every kind reaches the gold set's threshold."
        />
        <CardBody className="p-0">
          <AttemptsTable attempts={attempts} canAllowRetry={isAdmin} />
        </CardBody>
      </Card>
      <Card>
        <CardHeader title="Gold sets" description="Annotators of this project first annotate the newest gold set's items (without seeing the truth) before they get real tasks." />
        <CardBody>
          <GoldSetsList projectId={project.id} goldSets={goldSets} canEdit={isAdmin} />
        </CardBody>
      </Card>
      {isAdmin && (
        <Card>
          <CardHeader title="New gold set" description="Choose items that have truth; the threshold is the minimum kappa per kind (0 to 1)." />
          <CardBody>
            <GoldSetForm projectId={project.id} candidates={candidates} />
          </CardBody>
        </Card>
      )}
    </main>
  );
}
