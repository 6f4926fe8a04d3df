-- « Par statut » walks every pending and offline media before the public ones; a member's view tests each against
-- « theirs » (uploaded_by) from the index alone instead of reading its row (api/lib/list-query-plans.test.ts).
-- The index comes back without statistics: migrateDatabase analyses after any migration (db/client.ts).
DROP INDEX `media_status_idx`;--> statement-breakpoint
CREATE INDEX `media_status_idx` ON `media` (`approved`,`online`,"created_at" desc,"id" desc,`uploaded_by`) WHERE deleted_at is null;