-- AlterTable
ALTER TABLE "ItemTruth" ADD COLUMN "adjudicationId" TEXT;

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
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
    "qualificationId" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Task_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Task_itemId_fkey" FOREIGN KEY ("itemId") REFERENCES "Item" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Task_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "Task_assignedById_fkey" FOREIGN KEY ("assignedById") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "Task_qualificationId_fkey" FOREIGN KEY ("qualificationId") REFERENCES "Qualification" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_Task" ("assignedById", "claimedAt", "createdAt", "id", "itemId", "kind", "mode", "projectId", "round", "skipReason", "status", "submittedAt", "timeSpentMs", "updatedAt", "userId") SELECT "assignedById", "claimedAt", "createdAt", "id", "itemId", "kind", "mode", "projectId", "round", "skipReason", "status", "submittedAt", "timeSpentMs", "updatedAt", "userId" FROM "Task";
DROP TABLE "Task";
ALTER TABLE "new_Task" RENAME TO "Task";
CREATE INDEX "Task_userId_status_idx" ON "Task"("userId", "status");
CREATE INDEX "Task_projectId_status_userId_idx" ON "Task"("projectId", "status", "userId");
CREATE UNIQUE INDEX "Task_itemId_userId_kind_round_key" ON "Task"("itemId", "userId", "kind", "round");
CREATE TABLE "new_Adjudication" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "itemId" TEXT NOT NULL,
    "projectId" TEXT NOT NULL,
    "kind" TEXT NOT NULL DEFAULT 'double',
    "status" TEXT NOT NULL DEFAULT 'PENDING',
    "annotationIds" JSONB,
    "agreement" JSONB,
    "claimedById" TEXT,
    "claimedAt" DATETIME,
    "draft" JSONB,
    "version" INTEGER NOT NULL DEFAULT 1,
    "resolvedById" TEXT,
    "resolution" JSONB,
    "decisions" JSONB,
    "note" TEXT NOT NULL DEFAULT '',
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    "resolvedAt" DATETIME,
    CONSTRAINT "Adjudication_itemId_fkey" FOREIGN KEY ("itemId") REFERENCES "Item" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Adjudication_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Adjudication_claimedById_fkey" FOREIGN KEY ("claimedById") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE,
    CONSTRAINT "Adjudication_resolvedById_fkey" FOREIGN KEY ("resolvedById") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_Adjudication" ("agreement", "createdAt", "id", "itemId", "note", "resolution", "resolvedAt", "resolvedById", "status") SELECT "agreement", "createdAt", "id", "itemId", "note", "resolution", "resolvedAt", "resolvedById", "status" FROM "Adjudication";
DROP TABLE "Adjudication";
ALTER TABLE "new_Adjudication" RENAME TO "Adjudication";
CREATE INDEX "Adjudication_status_idx" ON "Adjudication"("status");
CREATE INDEX "Adjudication_projectId_status_idx" ON "Adjudication"("projectId", "status");
CREATE UNIQUE INDEX "Adjudication_itemId_kind_key" ON "Adjudication"("itemId", "kind");
CREATE TABLE "new_Qualification" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "goldSetId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "attempt" INTEGER NOT NULL DEFAULT 1,
    "status" TEXT NOT NULL DEFAULT 'IN_PROGRESS',
    "kappa" REAL,
    "passed" BOOLEAN NOT NULL DEFAULT false,
    "details" JSONB,
    "retryAllowed" BOOLEAN NOT NULL DEFAULT false,
    "submittedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Qualification_goldSetId_fkey" FOREIGN KEY ("goldSetId") REFERENCES "GoldSet" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Qualification_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);
INSERT INTO "new_Qualification" ("createdAt", "details", "goldSetId", "id", "kappa", "passed", "userId") SELECT "createdAt", "details", "goldSetId", "id", "kappa", "passed", "userId" FROM "Qualification";
DROP TABLE "Qualification";
ALTER TABLE "new_Qualification" RENAME TO "Qualification";
CREATE INDEX "Qualification_userId_idx" ON "Qualification"("userId");
CREATE UNIQUE INDEX "Qualification_goldSetId_userId_attempt_key" ON "Qualification"("goldSetId", "userId", "attempt");
CREATE TABLE "new_Judgement" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "itemId" TEXT NOT NULL,
    "judgeId" TEXT,
    "judgeKind" TEXT NOT NULL DEFAULT 'human',
    "subjectKey" TEXT NOT NULL,
    "verdict" JSONB NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Judgement_itemId_fkey" FOREIGN KEY ("itemId") REFERENCES "Item" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Judgement_judgeId_fkey" FOREIGN KEY ("judgeId") REFERENCES "User" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_Judgement" ("createdAt", "id", "itemId", "judgeId", "judgeKind", "subjectKey", "verdict") SELECT "createdAt", "id", "itemId", "judgeId", "judgeKind", "subjectKey", "verdict" FROM "Judgement";
DROP TABLE "Judgement";
ALTER TABLE "new_Judgement" RENAME TO "Judgement";
CREATE UNIQUE INDEX "Judgement_itemId_subjectKey_judgeKind_judgeId_key" ON "Judgement"("itemId", "subjectKey", "judgeKind", "judgeId");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
