-- AlterTable
ALTER TABLE "ModelRun" ADD COLUMN     "fileBytes" INTEGER,
ADD COLUMN     "fileName" TEXT,
ADD COLUMN     "fileSha256" TEXT;
