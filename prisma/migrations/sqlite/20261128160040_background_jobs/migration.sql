-- CreateTable
CREATE TABLE "BackgroundJob" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "kind" TEXT NOT NULL,
    "label" TEXT NOT NULL DEFAULT '',
    "payload" JSONB NOT NULL,
    "dedupeKey" TEXT,
    "activeKey" TEXT,
    "state" TEXT NOT NULL DEFAULT 'QUEUED',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "maxAttempts" INTEGER NOT NULL DEFAULT 3,
    "runAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "everyMs" INTEGER,
    "lockedBy" TEXT,
    "leaseToken" TEXT,
    "lockedUntil" DATETIME,
    "lastError" TEXT,
    "result" JSONB,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    "startedAt" DATETIME,
    "finishedAt" DATETIME
);

-- CreateIndex
CREATE UNIQUE INDEX "BackgroundJob_activeKey_key" ON "BackgroundJob"("activeKey");

-- CreateIndex
CREATE INDEX "BackgroundJob_state_runAt_idx" ON "BackgroundJob"("state", "runAt");

-- CreateIndex
CREATE INDEX "BackgroundJob_state_lockedUntil_idx" ON "BackgroundJob"("state", "lockedUntil");

-- CreateIndex
CREATE INDEX "BackgroundJob_dedupeKey_createdAt_idx" ON "BackgroundJob"("dedupeKey", "createdAt");

-- CreateIndex
CREATE INDEX "BackgroundJob_kind_state_idx" ON "BackgroundJob"("kind", "state");
