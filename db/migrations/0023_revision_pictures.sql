ALTER TABLE `article_revisions` ADD `article_pic` text;--> statement-breakpoint
ALTER TABLE `article_revisions` ADD `article_pic_original` text;--> statement-breakpoint
ALTER TABLE `article_revisions` ADD `article_pic_bytes` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `article_revisions` ADD `article_pic_original_bytes` integer DEFAULT 0 NOT NULL;