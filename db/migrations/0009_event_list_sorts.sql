CREATE INDEX `events_created_idx` ON `events` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `events_end_idx` ON `events` (`end_date`,`id`);