-- AlterTable
ALTER TABLE "ModelRun" ADD COLUMN "fileBytes" INTEGER;
ALTER TABLE "ModelRun" ADD COLUMN "fileName" TEXT;
ALTER TABLE "ModelRun" ADD COLUMN "fileSha256" TEXT;
