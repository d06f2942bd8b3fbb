-- Support requests sent without the bot check (a browser without JavaScript): a few per address
-- and hour are accepted; the address is kept only as a salted hash, to count them.
ALTER TABLE support_request ADD COLUMN unchecked_from TEXT;
CREATE INDEX support_request_unchecked ON support_request(unchecked_from, created_at) WHERE unchecked_from IS NOT NULL;
