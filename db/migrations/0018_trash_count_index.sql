DROP INDEX `articles_trash_idx`;--> statement-breakpoint
CREATE INDEX `articles_trash_idx` ON `articles` (`deleted_at`,`id`);--> statement-breakpoint
DROP INDEX `media_trash_idx`;--> statement-breakpoint
CREATE INDEX `media_trash_idx` ON `media` (`deleted_at`,`id`);