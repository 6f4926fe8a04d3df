CREATE TABLE `audience_counts` (
	`day` text NOT NULL,
	`dimension` text NOT NULL,
	`key` text NOT NULL,
	`count` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`day`, `dimension`, `key`)
);
