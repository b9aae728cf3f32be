-- CreateIndex
CREATE INDEX "Item_videoId_idx" ON "Item"("videoId");
