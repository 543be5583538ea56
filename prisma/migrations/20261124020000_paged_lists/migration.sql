-- Issue 13: a caller's own lists (requested offers, property bought, my
-- properties, wishlist) are keyset pages in (created_at DESC, id DESC) order;
-- each gets an index ending in id, so a page is one range scan from the cursor.
-- The two indexes without id are replaced (the new ones serve their queries too).

-- DropIndex
DROP INDEX "properties_agent_id_created_at_idx";

-- DropIndex
DROP INDEX "offers_buyer_id_created_at_idx";

-- CreateIndex
CREATE INDEX "properties_agent_id_created_at_id_idx" ON "properties"("agent_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "offers_agent_id_created_at_id_idx" ON "offers"("agent_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "offers_buyer_id_created_at_id_idx" ON "offers"("buyer_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "wishlist_items_user_id_created_at_id_idx" ON "wishlist_items"("user_id", "created_at", "id");
