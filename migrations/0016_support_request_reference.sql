-- The error screen's request id (its log line's id, `r` in the support link): support can find the
-- request's log line from the support request.
ALTER TABLE support_request ADD COLUMN error_request TEXT;
