ALTER TABLE `articles` ADD `article_pic_bytes` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `articles` ADD `article_pic_original_bytes` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `media` ADD `file_bytes` integer DEFAULT 0 NOT NULL;