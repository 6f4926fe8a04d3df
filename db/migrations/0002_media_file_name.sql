ALTER TABLE `media` ADD `file_name` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `media` ADD `file_mime` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `media` ADD `file_size` integer;