CREATE TABLE `retired_slugs` (
	`kind` text NOT NULL,
	`slug` text NOT NULL,
	`retired_at` integer NOT NULL,
	PRIMARY KEY(`kind`, `slug`)
);
