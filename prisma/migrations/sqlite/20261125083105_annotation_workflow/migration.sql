-- AlterTable
ALTER TABLE "Annotation" ADD COLUMN "submittedAt" DATETIME;

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_ItemTruth" (
    "itemId" TEXT NOT NULL PRIMARY KEY,
    "answer" JSONB NOT NULL,
    "source" JSONB NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 1,
    "updatedAt" DATETIME NOT NULL,
    "annotationId" TEXT,
    "annotationVersion" INTEGER,
    "annotatedById" TEXT,
    "annotatedAt" DATETIME,
    CONSTRAINT "ItemTruth_itemId_fkey" FOREIGN KEY ("itemId") REFERENCES "Item" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "ItemTruth_annotatedById_fkey" FOREIGN KEY ("annotatedById") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_ItemTruth" ("answer", "itemId", "source", "updatedAt", "version") SELECT "answer", "itemId", "source", "updatedAt", "version" FROM "ItemTruth";
DROP TABLE "ItemTruth";
ALTER TABLE "new_ItemTruth" RENAME TO "ItemTruth";
CREATE TABLE "new_Task" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "projectId" TEXT NOT NULL,
    "itemId" TEXT NOT NULL,
    "userId" TEXT,
    "kind" TEXT NOT NULL,
    "round" INTEGER NOT NULL DEFAULT 1,
    "status" TEXT NOT NULL DEFAULT 'OPEN',
    "mode" TEXT NOT NULL DEFAULT 'blank',
    "skipReason" TEXT,
    "timeSpentMs" INTEGER NOT NULL DEFAULT 0,
    "assignedById" TEXT,
    "claimedAt" DATETIME,
    "submittedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Task_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Task_itemId_fkey" FOREIGN KEY ("itemId") REFERENCES "Item" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Task_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "Task_assignedById_fkey" FOREIGN KEY ("assignedById") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_Task" ("createdAt", "id", "itemId", "kind", "projectId", "round", "status", "updatedAt", "userId") SELECT "createdAt", "id", "itemId", "kind", "projectId", "round", "status", "updatedAt", "userId" FROM "Task";
DROP TABLE "Task";
ALTER TABLE "new_Task" RENAME TO "Task";
CREATE INDEX "Task_userId_status_idx" ON "Task"("userId", "status");
CREATE INDEX "Task_projectId_status_userId_idx" ON "Task"("projectId", "status", "userId");
CREATE UNIQUE INDEX "Task_itemId_userId_kind_round_key" ON "Task"("itemId", "userId", "kind", "round");
CREATE TABLE "new_AnnotationRevision" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "annotationId" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "authorId" TEXT NOT NULL,
    "data" JSONB NOT NULL,
    "clientSaveId" TEXT,
    "baseVersion" INTEGER,
    "action" TEXT NOT NULL DEFAULT 'save',
    "summary" TEXT NOT NULL DEFAULT '',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "AnnotationRevision_annotationId_fkey" FOREIGN KEY ("annotationId") REFERENCES "Annotation" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "AnnotationRevision_authorId_fkey" FOREIGN KEY ("authorId") REFERENCES "User" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);
INSERT INTO "new_AnnotationRevision" ("annotationId", "authorId", "clientSaveId", "createdAt", "data", "id", "version") SELECT "annotationId", "authorId", "clientSaveId", "createdAt", "data", "id", "version" FROM "AnnotationRevision";
DROP TABLE "AnnotationRevision";
ALTER TABLE "new_AnnotationRevision" RENAME TO "AnnotationRevision";
CREATE UNIQUE INDEX "AnnotationRevision_annotationId_version_key" ON "AnnotationRevision"("annotationId", "version");
CREATE UNIQUE INDEX "AnnotationRevision_annotationId_clientSaveId_key" ON "AnnotationRevision"("annotationId", "clientSaveId");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
