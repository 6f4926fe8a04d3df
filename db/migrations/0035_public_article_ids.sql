-- The count of each theme's public articles (/api/public/themes-with-count, read by every site build after a
-- write) joins the public ids to article_themes from this index alone: reading each article row instead (they hold
-- the texts) cost 450 ms at 50,000 articles, against 45 ms (api/lib/list-query-plans.test.ts).
CREATE INDEX `articles_public_ids_idx` ON `articles` (`approved`,`online`,`id`,`deleted_at`) WHERE deleted_at is null;