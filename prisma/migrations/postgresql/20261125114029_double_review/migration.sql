-- AlterTable
ALTER TABLE "ItemTruth" ADD COLUMN     "adjudicationId" TEXT;

-- AlterTable
ALTER TABLE "Task" ADD COLUMN     "qualificationId" TEXT;

-- AlterTable
ALTER TABLE "Adjudication" ADD COLUMN     "annotationIds" JSONB,
ADD COLUMN     "claimedAt" TIMESTAMP(3),
ADD COLUMN     "claimedById" TEXT,
ADD COLUMN     "decisions" JSONB,
ADD COLUMN     "draft" JSONB,
ADD COLUMN     "kind" TEXT NOT NULL DEFAULT 'double',
ADD COLUMN     "projectId" TEXT NOT NULL,
ADD COLUMN     "updatedAt" TIMESTAMP(3) NOT NULL,
ADD COLUMN     "version" INTEGER NOT NULL DEFAULT 1;

-- AlterTable
ALTER TABLE "Qualification" ADD COLUMN     "attempt" INTEGER NOT NULL DEFAULT 1,
ADD COLUMN     "retryAllowed" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "status" TEXT NOT NULL DEFAULT 'IN_PROGRESS',
ADD COLUMN     "submittedAt" TIMESTAMP(3),
ALTER COLUMN "kappa" DROP NOT NULL,
ALTER COLUMN "passed" SET DEFAULT false;

-- AlterTable
ALTER TABLE "Judgement" ADD COLUMN     "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;

-- CreateIndex
CREATE INDEX "Adjudication_projectId_status_idx" ON "Adjudication"("projectId", "status");

-- CreateIndex
CREATE UNIQUE INDEX "Adjudication_itemId_kind_key" ON "Adjudication"("itemId", "kind");

-- CreateIndex
CREATE UNIQUE INDEX "Qualification_goldSetId_userId_attempt_key" ON "Qualification"("goldSetId", "userId", "attempt");

-- AddForeignKey
ALTER TABLE "Task" ADD CONSTRAINT "Task_qualificationId_fkey" FOREIGN KEY ("qualificationId") REFERENCES "Qualification"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Adjudication" ADD CONSTRAINT "Adjudication_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Adjudication" ADD CONSTRAINT "Adjudication_claimedById_fkey" FOREIGN KEY ("claimedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;
