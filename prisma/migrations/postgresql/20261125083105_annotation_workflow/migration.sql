-- DropForeignKey
ALTER TABLE "Task" DROP CONSTRAINT "Task_userId_fkey";

-- AlterTable
ALTER TABLE "ItemTruth" ADD COLUMN     "annotatedAt" TIMESTAMP(3),
ADD COLUMN     "annotatedById" TEXT,
ADD COLUMN     "annotationId" TEXT,
ADD COLUMN     "annotationVersion" INTEGER;

-- AlterTable
ALTER TABLE "Task" ADD COLUMN     "assignedById" TEXT,
ADD COLUMN     "claimedAt" TIMESTAMP(3),
ADD COLUMN     "mode" TEXT NOT NULL DEFAULT 'blank',
ADD COLUMN     "skipReason" TEXT,
ADD COLUMN     "submittedAt" TIMESTAMP(3),
ADD COLUMN     "timeSpentMs" INTEGER NOT NULL DEFAULT 0,
ALTER COLUMN "userId" DROP NOT NULL;

-- AlterTable
ALTER TABLE "Annotation" ADD COLUMN     "submittedAt" TIMESTAMP(3);

-- AlterTable
ALTER TABLE "AnnotationRevision" ADD COLUMN     "action" TEXT NOT NULL DEFAULT 'save',
ADD COLUMN     "baseVersion" INTEGER,
ADD COLUMN     "summary" TEXT NOT NULL DEFAULT '';

-- CreateIndex
CREATE INDEX "Task_projectId_status_userId_idx" ON "Task"("projectId", "status", "userId");

-- AddForeignKey
ALTER TABLE "ItemTruth" ADD CONSTRAINT "ItemTruth_annotatedById_fkey" FOREIGN KEY ("annotatedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Task" ADD CONSTRAINT "Task_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Task" ADD CONSTRAINT "Task_assignedById_fkey" FOREIGN KEY ("assignedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;
