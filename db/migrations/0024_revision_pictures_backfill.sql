-- Revisions written before they recorded pictures take the article's current ones: a pending edit applied on
-- approval then keeps the picture instead of clearing it.
UPDATE `article_revisions` SET
  `article_pic` = (SELECT `article_pic` FROM `articles` WHERE `articles`.`id` = `article_revisions`.`article_id`),
  `article_pic_original` = (SELECT `article_pic_original` FROM `articles` WHERE `articles`.`id` = `article_revisions`.`article_id`),
  `article_pic_bytes` = (SELECT `article_pic_bytes` FROM `articles` WHERE `articles`.`id` = `article_revisions`.`article_id`),
  `article_pic_original_bytes` = (SELECT `article_pic_original_bytes` FROM `articles` WHERE `articles`.`id` = `article_revisions`.`article_id`);
