ALTER TABLE `article_revisions` ADD `review` text;--> statement-breakpoint
ALTER TABLE `article_revisions` ADD `review_reason` text;--> statement-breakpoint
ALTER TABLE `article_revisions` ADD `reviewed_at` integer;