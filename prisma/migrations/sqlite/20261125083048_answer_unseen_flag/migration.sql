-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Answer" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "sessionId" TEXT NOT NULL,
    "itemId" TEXT NOT NULL,
    "queryPointId" TEXT,
    "answerKey" TEXT NOT NULL,
    "value" JSONB NOT NULL,
    "latencyMs" INTEGER NOT NULL,
    "positionSec" REAL NOT NULL,
    "unseen" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Answer_sessionId_fkey" FOREIGN KEY ("sessionId") REFERENCES "BaselineSession" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Answer_itemId_fkey" FOREIGN KEY ("itemId") REFERENCES "Item" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Answer_queryPointId_fkey" FOREIGN KEY ("queryPointId") REFERENCES "QueryPoint" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_Answer" ("answerKey", "createdAt", "id", "itemId", "latencyMs", "positionSec", "queryPointId", "sessionId", "value") SELECT "answerKey", "createdAt", "id", "itemId", "latencyMs", "positionSec", "queryPointId", "sessionId", "value" FROM "Answer";
DROP TABLE "Answer";
ALTER TABLE "new_Answer" RENAME TO "Answer";
CREATE UNIQUE INDEX "Answer_sessionId_answerKey_key" ON "Answer"("sessionId", "answerKey");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
