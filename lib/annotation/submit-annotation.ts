import "server-only";
import { db } from "@/lib/db/prisma";
import { HttpError } from "@/lib/http/http-error";
import { truthCommitted } from "@/lib/truth/truth-version";
import { assertUserQualified } from "@/lib/tasks/qualification-gate";
import type { TaskUser } from "@/lib/tasks/task-access";
import { parseWorkflowSettings } from "@/lib/tasks/workflow-settings";
import { annotationFor } from "./annotation-access";
import { annotationSubmitted, taskReassigned, versionConflict } from "./annotation-errors";
import { annotationDocumentSchema } from "./document";
import { assertValidDocument } from "./save-annotation";
import { submitProblems } from "./submit-rules";
import { truthFromDocument } from "./truth-from-document";
import { writeItemTruth } from "./write-item-truth";
import { writeVersion } from "./write-version";

export type SubmitResult = { version: number; submittedAt: string; truthWritten: boolean; truthChanged: boolean; projectTruthVersion: number | null };

/**
 * POST /api/annotations/:id/submit {baseVersion}: the author submits the current version.
 * 409 annotation_submitted / version_conflict as for saves; 422 `submit_problems` with
 * `details.problems` (lib/annotation/submit-rules.ts) or `invalid_document`. On success the
 * annotation becomes SUBMITTED (a new version, revision action "submit"; read-only for its author
 * until an admin reopens it) and the task SUBMITTED. With one annotation per item (workflow
 * setting) and an ANNOTATE task, the same transaction writes the item's truth
 * (lib/annotation/truth-from-document.ts) with provenance (annotation, version, annotator),
 * a new item version with an ItemRevision, bumps Project.truthVersion and marks the project's
 * runs stale when the truth changed; the rescoring loop is woken after the commit.
 */
export async function submitAnnotation(user: TaskUser, annotationId: string, baseVersion: number): Promise<SubmitResult> {
  const { annotation } = await annotationFor(user, annotationId);
  if (annotation.status === "SUBMITTED") throw annotationSubmitted();
  if (annotation.taskId === null) throw taskReassigned();
  if (annotation.task && annotation.task.kind !== "QUALIFY") await assertUserQualified(annotation.item.projectId, user.id);
  if (annotation.version !== baseVersion) throw versionConflict({ ...annotation, authorName: annotation.author.name || annotation.author.email }, baseVersion);
  const parsed = annotationDocumentSchema.safeParse(annotation.data);
  if (!parsed.success) throw new HttpError(422, "The stored document no longer matches the annotation format; save it again from the workspace.", "invalid_document");
  const doc = parsed.data;
  await assertValidDocument(annotation, doc);
  const settings = parseWorkflowSettings(annotation.item.project.settings, annotation.item.project.benchmark);
  const format = (await db.item.findUniqueOrThrow({ where: { id: annotation.itemId }, select: { format: true } })).format;
  const problems = submitProblems(doc, { activities: settings.activities, format });
  if (problems.length) {
    throw new HttpError(422, `Not ready to submit: ${problems.map((p) => `${p.field}: ${p.message}`).join("; ")}`, "submit_problems", { problems });
  }
  const writesTruth = settings.annotationsPerItem === 1 && (!annotation.task || annotation.task.kind === "ANNOTATE");
  let truthChanged = false;
  let projectTruthVersion: number | null = null;
  const written = await writeVersion({
    annotationId: annotation.id,
    authorId: user.id,
    taskId: annotation.taskId,
    baseVersion,
    data: doc,
    clientSaveId: null,
    action: "submit",
    summary: "submitted",
    status: "SUBMITTED",
    inTransaction: writesTruth
      ? async (tx, version) => {
          const r = await writeItemTruth(tx, {
            itemId: annotation.itemId,
            video: annotation.item.video,
            doc,
            provenance: { annotationId: annotation.id, annotationVersion: version, annotatedById: annotation.authorId, adjudicationId: null },
            actorId: user.id,
            reason: `annotation submitted (version ${version})`,
            audit: { action: "annotation.submit", targetType: "Annotation", targetId: annotation.id, details: { version } },
          });
          truthChanged = r.truthChanged;
          projectTruthVersion = r.projectTruthVersion;
        }
      : undefined,
  });
  if (truthChanged) truthCommitted();
  return { version: written.version, submittedAt: written.savedAt.toISOString(), truthWritten: writesTruth, truthChanged, projectTruthVersion };
}

