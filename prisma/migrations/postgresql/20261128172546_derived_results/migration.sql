-- CreateTable
CREATE TABLE "DerivedResult" (
    "key" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "inputHash" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "computeMs" INTEGER NOT NULL,
    "computedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DerivedResult_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE INDEX "DerivedResult_kind_idx" ON "DerivedResult"("kind");
