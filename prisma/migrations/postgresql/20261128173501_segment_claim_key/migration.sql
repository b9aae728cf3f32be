-- AlterTable
ALTER TABLE "SegmentServe" ADD COLUMN     "claimKey" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "SegmentServe_claimKey_key" ON "SegmentServe"("claimKey");
