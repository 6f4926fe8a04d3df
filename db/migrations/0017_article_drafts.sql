DROP INDEX `articles_status_idx`;--> statement-breakpoint
ALTER TABLE `articles` ADD `draft` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `articles` ADD `version` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX `articles_status_idx` ON `articles` (`approved`,`draft`,`online`,"created_at" desc,"id" desc) WHERE deleted_at is null;