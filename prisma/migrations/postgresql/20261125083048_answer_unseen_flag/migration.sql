-- AlterTable
ALTER TABLE "Answer" ADD COLUMN     "unseen" BOOLEAN NOT NULL DEFAULT false;
