-- One feedback per rating: a second one replaces the first, so repeats cannot grow the table.
-- Keep in step with ../sqlite/.
DELETE FROM rating_feedback WHERE id NOT IN (SELECT MAX(id) FROM rating_feedback GROUP BY rating_id);
CREATE UNIQUE INDEX rating_feedback_one_per_rating ON rating_feedback(rating_id);
