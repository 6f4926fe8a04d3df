CREATE TABLE `newsletter_subscribers` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`user_id` text,
	`state` text DEFAULT 'pending' NOT NULL,
	`confirm_token_hash` text,
	`consent_text` text NOT NULL,
	`consent_at` integer NOT NULL,
	`source` text NOT NULL,
	`requested_at` integer NOT NULL,
	`confirmed_at` integer,
	`unsubscribed_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `newsletter_subscribers_email_unique` ON `newsletter_subscribers` (`email`);--> statement-breakpoint
CREATE UNIQUE INDEX `newsletter_subscribers_confirm_token_hash_unique` ON `newsletter_subscribers` (`confirm_token_hash`);--> statement-breakpoint
CREATE INDEX `newsletter_subscribers_created_idx` ON `newsletter_subscribers` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `newsletter_subscribers_state_created_idx` ON `newsletter_subscribers` (`state`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `newsletter_subscribers_state_requested_idx` ON `newsletter_subscribers` (`state`,`requested_at`);--> statement-breakpoint
CREATE INDEX `newsletter_subscribers_user_idx` ON `newsletter_subscribers` (`user_id`);