CREATE TABLE `article_revisions` (
	`id` text PRIMARY KEY NOT NULL,
	`article_id` text NOT NULL,
	`author_id` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`title` text NOT NULL,
	`txt_content` text DEFAULT '' NOT NULL,
	`html_content` text DEFAULT '' NOT NULL,
	`keywords` text DEFAULT '[]' NOT NULL,
	`themes` text DEFAULT '[]' NOT NULL,
	`media` text DEFAULT '[]' NOT NULL,
	`sealed` integer DEFAULT false NOT NULL,
	`restored_from` integer,
	FOREIGN KEY (`article_id`) REFERENCES `articles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `article_revisions_article_idx` ON `article_revisions` (`article_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `articles` ADD `pending_revision_id` text;--> statement-breakpoint
ALTER TABLE `articles` ADD `publish_at` integer;--> statement-breakpoint
CREATE INDEX `articles_publish_at_idx` ON `articles` (`publish_at`) WHERE publish_at is not null and deleted_at is null;--> statement-breakpoint
ALTER TABLE `events` ADD `publish_at` integer;--> statement-breakpoint
CREATE INDEX `events_publish_at_idx` ON `events` (`publish_at`) WHERE publish_at is not null;