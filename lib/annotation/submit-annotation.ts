import "server-only";
import type { DbTx } from "@/lib/audit/audit";
import { db } from "@/lib/db/prisma";
import { HttpError } from "@/lib/http/http-error";
import { truthCommitted } from "@/lib/truth/truth-version";
import { assertUserQualified } from "@/lib/tasks/qualification-gate";
import type { TaskUser } from "@/lib/tasks/task-access";
import { parseWorkflowSettings, type WorkflowSettings } from "@/lib/tasks/workflow-settings";
import { annotationFor, type LoadedAnnotation } from "./annotation-access";
import { annotationSubmitted, taskReassigned, versionConflict } from "./annotation-errors";
import { annotationDocumentSchema, type AnnotationDocument } from "./document";
import { assertValidDocument } from "./save-annotation";
import { submitProblems } from "./submit-rules";
import { writeItemTruth } from "./write-item-truth";
import { writeVersion } from "./write-version";

export type SubmitResult = { version: number; submittedAt: string; truthWritten: boolean; truthChanged: boolean; projectTruthVersion: number | null };

/** What the review step of a submit sees (inside the submit's transaction, after the new version was written). */
export type SubmittedPass = {
  annotation: LoadedAnnotation;
  /** The submitted version. */
  version: number;
  doc: AnnotationDocument;
  settings: WorkflowSettings;
  /** Single pass (k = 1): the document was just written as the item's truth. */
  truthWritten: boolean;
  actorId: string;
};

/**
 * The review step of a submit (double review and expert sample, lib/review: a higher layer, so
 * it is passed in by the caller). Returns whether it wrote the item's truth.
 */
export type SubmitReviewStep = (tx: DbTx, pass: SubmittedPass) => Promise<{ truthWritten: boolean; truthChanged: boolean; projectTruthVersion: number | null }>;

/**
 * POST /api/annotations/:id/submit {baseVersion}: the author submits the current version.
 * 409 annotation_submitted / version_conflict as for saves; 422 `submit_problems` with
 * `details.problems` (lib/annotation/submit-rules.ts) or `invalid_document`. On success the
 * annotation becomes SUBMITTED (a new version, revision action "submit"; read-only for its author
 * until an admin reopens it) and the task SUBMITTED. With one annotation per item (workflow
 * setting) and an ANNOTATE task, the same transaction writes the item's truth
 * (lib/annotation/truth-from-document.ts) with provenance (annotation, version, annotator),
 * a new item version with an ItemRevision, bumps Project.truthVersion and marks the project's
 * runs stale when the truth changed; their rescoring is queued after the commit.
 * `review` (lib/review/submit-pass.ts passes it) runs in the same transaction for ANNOTATE
 * submits: the comparison at the k-th pass of a double-reviewed item, the expert sample.
 */
export async function submitAnnotation(user: TaskUser, annotationId: string, baseVersion: number, review?: SubmitReviewStep): Promise<SubmitResult> {
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
  const annotatePass = !annotation.task || annotation.task.kind === "ANNOTATE";
  const writesTruth = settings.annotationsPerItem === 1 && annotatePass;
  const reviews = !!review && annotatePass;
  let truthWritten = writesTruth;
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
    inTransaction:
      writesTruth || reviews
        ? async (tx, version) => {
            if (writesTruth) {
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
            if (reviews) {
              const r = await review!(tx, { annotation, version, doc, settings, truthWritten: writesTruth, actorId: user.id });
              if (r.truthWritten) {
                truthWritten = true;
                truthChanged ||= r.truthChanged;
                projectTruthVersion = r.projectTruthVersion ?? projectTruthVersion;
              }
            }
          }
        : undefined,
  });
  if (truthChanged) truthCommitted();
  return { version: written.version, submittedAt: written.savedAt.toISOString(), truthWritten, truthChanged, projectTruthVersion };
}

