-- A learner's latest hit in each course, read from the index alone: the profile's "resume where you
-- left off" and "my courses" count a course as started from its first visited session, and resume
-- at the session visited last. It replaces hit_user_course (user, course), which it begins with.
CREATE INDEX hit_user_course_time ON hit(user_id, course_id, created_at);
DROP INDEX hit_user_course;
