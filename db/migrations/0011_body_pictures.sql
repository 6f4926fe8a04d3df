CREATE TABLE `article_body_pictures` (
	`article_id` text NOT NULL,
	`name` text NOT NULL,
	PRIMARY KEY(`article_id`, `name`),
	FOREIGN KEY (`article_id`) REFERENCES `articles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`name`) REFERENCES `body_pictures`(`name`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `article_body_pictures_name_idx` ON `article_body_pictures` (`name`);--> statement-breakpoint
CREATE TABLE `body_pictures` (
	`name` text PRIMARY KEY NOT NULL,
	`uploaded_by` text,
	`bytes` integer DEFAULT 0 NOT NULL,
	`width` integer NOT NULL,
	`height` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`uploaded_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `body_pictures_uploader_idx` ON `body_pictures` (`uploaded_by`);