-- Live chat with real agents (issue 10). A conversation in agent mode waits
-- in the agents' inbox until one takes it (agent_uid); the visitor and the
-- agent each mark how far they have read. Messages written by a real agent
-- name them: author_uid for the rules, author_name for what the client
-- reads, kept when the agent's account goes. Times as in 0002.
ALTER TABLE chat_conversations ADD COLUMN agent_uid TEXT REFERENCES users (uid) ON DELETE SET NULL;
-- When the visitor asked for an agent; NULL in bot mode.
ALTER TABLE chat_conversations ADD COLUMN waiting_since TEXT;
-- The last message ID each side has read.
ALTER TABLE chat_conversations ADD COLUMN visitor_read INTEGER NOT NULL DEFAULT 0;
ALTER TABLE chat_conversations ADD COLUMN agent_read INTEGER NOT NULL DEFAULT 0;

-- The inbox reads only the conversations in agent mode: few at any time.
CREATE INDEX chat_conversations_in_inbox ON chat_conversations (agent_uid) WHERE mode = 'agent';
CREATE INDEX chat_conversations_by_agent ON chat_conversations (agent_uid) WHERE agent_uid IS NOT NULL;

ALTER TABLE chat_messages ADD COLUMN author_uid TEXT REFERENCES users (uid) ON DELETE SET NULL;
ALTER TABLE chat_messages ADD COLUMN author_name TEXT;
CREATE INDEX chat_messages_by_author ON chat_messages (author_uid) WHERE author_uid IS NOT NULL;

-- Presence of agents and admins: seen_at is renewed while their agent page
-- (or the terminal's Conversations screen) is open; away is their own
-- « Absent » switch, kept across pages and restarts.
CREATE TABLE chat_presence (
    uid     TEXT PRIMARY KEY REFERENCES users (uid) ON DELETE CASCADE,
    away    INTEGER NOT NULL DEFAULT 0 CHECK (away IN (0, 1)),
    seen_at TEXT
) STRICT, WITHOUT ROWID;

-- Canned answers the admin maintains for the agents' composer.
CREATE TABLE chat_canned (
    id         INTEGER PRIMARY KEY,
    title      TEXT NOT NULL CHECK (title <> '' AND length(title) <= 80),
    text       TEXT NOT NULL CHECK (text <> '' AND length(text) <= 1000),
    updated_by TEXT REFERENCES users (uid) ON DELETE SET NULL,
    updated_at TEXT NOT NULL
) STRICT;
