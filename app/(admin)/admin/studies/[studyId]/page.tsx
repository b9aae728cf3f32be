import type { Metadata } from "next";
import { requireUser } from "@/lib/auth/current-user";
import { publicOrigin, studyPageTitle, studyResultsForPage } from "@/lib/studies/study-page";
import { studyItemsForEditor } from "@/lib/studies/study-queries";
import { ResultsTable } from "./_components/results-table";
import { StudyHeader } from "./_components/study-header";
import { StudyItemsEditor } from "./_components/study-items-editor";
import { StudyLinkCard } from "./_components/study-link-card";
import { StudySettingsForm } from "./_components/study-settings-form";
import { UnsavedEditsProvider } from "./_components/unsaved-edits";

export const dynamic = "force-dynamic";

type Params = Promise<{ studyId: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  return studyPageTitle((await params).studyId);
}

/** `/admin/studies/[studyId]` — settings, items, opening/closing, the study links, results and exports (ADMIN). */
export default async function StudyPage({ params }: { params: Params }) {
  const { studyId } = await params;
  await requireUser(["ADMIN"], `/admin/studies/${encodeURIComponent(studyId)}`);
  const results = await studyResultsForPage(studyId);
  const { study } = results;
  const [editor, origin] = await Promise.all([studyItemsForEditor(studyId, study.projectId), publicOrigin()]);
  return (
    <main className="mx-auto max-w-7xl space-y-6 p-6">
      <StudyHeader study={study} project={{ id: study.projectId, name: study.projectName }} />
      <UnsavedEditsProvider>
        <StudyLinkCard study={study} origin={origin} />
        <StudySettingsForm studyId={studyId} status={study.status} settings={study.settings} />
        <StudyItemsEditor studyId={studyId} editable={study.status === "DRAFT"} selected={editor.selected} items={editor.items} />
      </UnsavedEditsProvider>
      <ResultsTable results={results} />
    </main>
  );
}
