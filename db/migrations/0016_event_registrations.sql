CREATE TABLE `event_registrations` (
	`id` text PRIMARY KEY NOT NULL,
	`event_id` text NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`email_key` text NOT NULL,
	`user_id` text,
	`answer` text DEFAULT '' NOT NULL,
	`state` text NOT NULL,
	`waiting_position` integer,
	`cancel_token_hash` text NOT NULL,
	`checked_in_at` integer,
	`reminder_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `event_registrations_cancel_token_hash_unique` ON `event_registrations` (`cancel_token_hash`);--> statement-breakpoint
CREATE UNIQUE INDEX `event_registrations_event_email_idx` ON `event_registrations` (`event_id`,`email_key`);--> statement-breakpoint
CREATE INDEX `event_registrations_event_state_idx` ON `event_registrations` (`event_id`,`state`,`waiting_position`);--> statement-breakpoint
CREATE INDEX `event_registrations_user_idx` ON `event_registrations` (`user_id`);--> statement-breakpoint
CREATE INDEX `event_registrations_reminder_idx` ON `event_registrations` (`state`,`reminder_at`) WHERE "event_registrations"."reminder_at" is null;--> statement-breakpoint
ALTER TABLE `events` ADD `registration_open` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `events` ADD `registration_audience` text DEFAULT 'everyone' NOT NULL;--> statement-breakpoint
ALTER TABLE `events` ADD `registration_capacity` integer;--> statement-breakpoint
ALTER TABLE `events` ADD `registration_closes_at` integer;--> statement-breakpoint
ALTER TABLE `events` ADD `registration_question` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `mail_outbox` ADD `attachments` text DEFAULT '[]' NOT NULL;