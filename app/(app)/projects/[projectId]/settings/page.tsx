import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { requireUser } from "@/lib/auth/current-user";
import { PROJECT_ADMIN_ROLES } from "@/lib/projects/access";
import { projectForPage, projectPageTitle } from "@/lib/projects/page-project";
import { listMembers, memberCandidates } from "@/lib/projects/project-admin";
import { getProject } from "@/lib/projects/project-queries";
import { ProjectHeader } from "../../_components/project-header";
import { MembersEditor } from "./_components/members-editor";
import { ProjectDetailsForm, SettingsForm } from "./_components/settings-form";

export const dynamic = "force-dynamic";

type Params = Promise<{ projectId: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  return projectPageTitle((await params).projectId, "Settings");
}

/** /projects/[projectId]/settings — name, workflow settings (metric variant, thresholds, protocol defaults, double review) and members (admin). */
export default async function ProjectSettingsPage({ params }: { params: Params }) {
  const { projectId } = await params;
  await requireUser(PROJECT_ADMIN_ROLES, `/projects/${encodeURIComponent(projectId)}/settings`);
  const { project: ref } = await projectForPage(projectId, "manage");
  const project = await getProject(ref.id);
  if (!project) notFound();
  const [members, candidates] = await Promise.all([listMembers(project.id), memberCandidates()]);
  return (
    <main className="mx-auto flex max-w-5xl flex-col gap-6 p-6">
      <ProjectHeader project={project} current="settings" isAdmin />
      <Card>
        <CardHeader title="Project" />
        <CardBody>
          <ProjectDetailsForm projectId={project.id} name={project.name} description={project.description} />
        </CardBody>
      </Card>
      <Card>
        <CardHeader title="Workflow" description="Applies to new work; changing the metric variant re-scores nothing by itself." />
        <CardBody>
          <SettingsForm projectId={project.id} settings={project.settings} benchmark={project.benchmark} />
        </CardBody>
      </Card>
      <Card>
        <CardHeader title="Members" description="Who works on this project and in which role. Reviewers and annotators see only the projects they are members of (and their videos); admins see every project." />
        <CardBody>
          <MembersEditor projectId={project.id} members={members} candidates={candidates} />
        </CardBody>
      </Card>
    </main>
  );
}
