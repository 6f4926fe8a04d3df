-- The public articles' pictures (api/lib/uploads/visibility.ts, the set of public upload files made again after every
-- change, on the path of the write's answer) from this index alone: reading each article row for its picture,
-- stored after the texts, cost 168 ms at 50,000 articles (api/lib/list-query-plans.test.ts).
CREATE INDEX `articles_public_pics_idx` ON `articles` (`approved`,`online`,`article_pic`,`deleted_at`) WHERE "articles"."deleted_at" is null and "articles"."article_pic" is not null;
