-- What a certificate was issued on, kept with it: the learning time the server had tracked in the
-- course (hits, milliseconds) and the sessions completed, both up to its issue. Deleting an account
-- erases the hits and the completions but keeps the certificate, so the inspection files read these.
-- NULL: not recorded (a certificate whose account was deleted before this migration).
ALTER TABLE ecm_certificate ADD COLUMN tracked_ms_at_issue INTEGER;
ALTER TABLE ecm_certificate ADD COLUMN completed_sessions_at_issue INTEGER;

-- Certificates issued before it: from the records still there, as functions/data/ecm/records.ts
-- records them at issue; a deleted account's are gone, and unknown is not 0.
UPDATE ecm_certificate SET
  tracked_ms_at_issue = (SELECT COALESCE(SUM(h.ms), 0) FROM hit h
    WHERE h.user_id = ecm_certificate.user_id AND h.course_id = ecm_certificate.course_id AND h.created_at <= ecm_certificate.issued_at),
  completed_sessions_at_issue = (SELECT COUNT(*) FROM session_progress p
    JOIN session s ON s.course_id = p.course_id AND s.module_number = p.module_number AND s.number = p.number
    WHERE p.user_id = ecm_certificate.user_id AND p.course_id = ecm_certificate.course_id AND p.completed_at <= ecm_certificate.issued_at
      AND (s.removed_at IS NULL OR s.removed_at > ecm_certificate.issued_at))
WHERE (SELECT status FROM user WHERE id = ecm_certificate.user_id) <> 'deleted';
