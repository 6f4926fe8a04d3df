CREATE TABLE `newsletter_issue_recipients` (
	`issue_id` text NOT NULL,
	`subscriber_id` text NOT NULL,
	`mail_id` text,
	PRIMARY KEY(`issue_id`, `subscriber_id`),
	FOREIGN KEY (`issue_id`) REFERENCES `newsletter_issues`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `newsletter_issue_recipients_todo_idx` ON `newsletter_issue_recipients` (`issue_id`,`mail_id`);--> statement-breakpoint
CREATE TABLE `newsletter_issues` (
	`id` text PRIMARY KEY NOT NULL,
	`number` integer,
	`subject` text NOT NULL,
	`intro` text DEFAULT '' NOT NULL,
	`items` text NOT NULL,
	`state` text DEFAULT 'draft' NOT NULL,
	`scheduled_at` integer,
	`started_at` integer,
	`sent_at` integer,
	`next_batch_at` integer,
	`created_by` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `newsletter_issues_number_unique` ON `newsletter_issues` (`number`);--> statement-breakpoint
CREATE INDEX `newsletter_issues_state_idx` ON `newsletter_issues` (`state`,`scheduled_at`);