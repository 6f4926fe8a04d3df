-- The terms of each full-text index (issue 34): fts5vocab tables read the index itself (no storage, no triggers).
-- A search's long prefix (« gouv ») is turned into the terms it stands for (« gouvernance »), which FTS5 can test
-- one row at a time (api/lib/list-search-plan.ts). The `instance` kind, not `row`: it steps from term to term
-- lazily, where `row` reads every row of each term to count them.
CREATE VIRTUAL TABLE `articles_fts_vocab` USING fts5vocab('articles_fts', 'instance');
--> statement-breakpoint
CREATE VIRTUAL TABLE `media_fts_vocab` USING fts5vocab('media_fts', 'instance');
--> statement-breakpoint
CREATE VIRTUAL TABLE `users_fts_vocab` USING fts5vocab('users_fts', 'instance');
--> statement-breakpoint
CREATE VIRTUAL TABLE `contact_messages_fts_vocab` USING fts5vocab('contact_messages_fts', 'instance');
--> statement-breakpoint
CREATE VIRTUAL TABLE `audit_log_fts_vocab` USING fts5vocab('audit_log_fts', 'instance');
--> statement-breakpoint
CREATE VIRTUAL TABLE `events_fts_vocab` USING fts5vocab('events_fts', 'instance');
