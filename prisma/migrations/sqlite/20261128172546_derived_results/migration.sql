-- CreateTable
CREATE TABLE "DerivedResult" (
    "key" TEXT NOT NULL PRIMARY KEY,
    "kind" TEXT NOT NULL,
    "inputHash" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "computeMs" INTEGER NOT NULL,
    "computedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateIndex
CREATE INDEX "DerivedResult_kind_idx" ON "DerivedResult"("kind");
