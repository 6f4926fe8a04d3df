CREATE TABLE `old_slugs` (
	`kind` text NOT NULL,
	`slug` text NOT NULL,
	`user_id` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`kind`, `slug`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `old_slugs_user_idx` ON `old_slugs` (`user_id`);--> statement-breakpoint
ALTER TABLE `media` ADD `file_name` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `media` ADD `file_mime` text DEFAULT '' NOT NULL;