DROP INDEX `articles_visible_idx`;--> statement-breakpoint
DROP INDEX `articles_created_idx`;--> statement-breakpoint
DROP INDEX `articles_title_key_idx`;--> statement-breakpoint
DROP INDEX `articles_author_key_idx`;--> statement-breakpoint
DROP INDEX `articles_status_idx`;--> statement-breakpoint
ALTER TABLE `articles` ADD `deleted_at` integer;--> statement-breakpoint
ALTER TABLE `articles` ADD `deleted_by` text;--> statement-breakpoint
CREATE INDEX `articles_trash_idx` ON `articles` (`deleted_at`,`id`) WHERE deleted_at is not null;--> statement-breakpoint
CREATE INDEX `articles_visible_idx` ON `articles` (`approved`,`online`,`created_at`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `articles_created_idx` ON `articles` (`created_at`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `articles_title_key_idx` ON `articles` (`title_key`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `articles_author_key_idx` ON `articles` (`author_key`,"created_at" desc,"id" desc) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `articles_status_idx` ON `articles` (`approved`,`online`,"created_at" desc,"id" desc) WHERE deleted_at is null;--> statement-breakpoint
DROP INDEX `media_visible_idx`;--> statement-breakpoint
DROP INDEX `media_created_idx`;--> statement-breakpoint
DROP INDEX `media_title_key_idx`;--> statement-breakpoint
DROP INDEX `media_type_idx`;--> statement-breakpoint
DROP INDEX `media_status_idx`;--> statement-breakpoint
ALTER TABLE `media` ADD `deleted_at` integer;--> statement-breakpoint
ALTER TABLE `media` ADD `deleted_by` text;--> statement-breakpoint
CREATE INDEX `media_trash_idx` ON `media` (`deleted_at`,`id`) WHERE deleted_at is not null;--> statement-breakpoint
CREATE INDEX `media_visible_idx` ON `media` (`approved`,`online`,`created_at`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `media_created_idx` ON `media` (`created_at`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `media_title_key_idx` ON `media` (`title_key`,`id`) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `media_type_idx` ON `media` (`type`,"created_at" desc,"id" desc) WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX `media_status_idx` ON `media` (`approved`,`online`,"created_at" desc,"id" desc) WHERE deleted_at is null;