-- The chat (SPEC.md §2, §4): conversations of signed-in users and visitors,
-- their messages (SPEC.md §3, Chat message) and, as a view over them, the
-- chatbot conversation records (userInput, intent, response, timestamp).
-- Times as in 0002: fixed-width UTC text.
CREATE TABLE chat_conversations (
    -- SHA-256 (hex) of the random ID the browser keeps: a copy of the
    -- database does not let anyone read on or write in a conversation.
    id         TEXT PRIMARY KEY,
    -- The signed-in user who started it, NULL for a visitor. Deleting the
    -- account deletes its conversations (RGPD right to erasure).
    uid        TEXT REFERENCES users (uid) ON DELETE CASCADE,
    -- Bot or agent mode (SPEC.md §4, Chat mode) is kept here, on the server.
    mode       TEXT NOT NULL DEFAULT 'bot' CHECK (mode IN ('bot', 'agent')),
    -- The chatbot user context of SPEC.md §3 as JSON.
    context    TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(context) AND json_type(context) = 'object'),
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
) STRICT, WITHOUT ROWID;

CREATE INDEX chat_conversations_by_uid ON chat_conversations (uid) WHERE uid IS NOT NULL;
-- Conversations are kept 12 months after their last message (privacy page).
CREATE INDEX chat_conversations_by_update ON chat_conversations (updated_at);

CREATE TABLE chat_messages (
    id              INTEGER PRIMARY KEY,
    conversation_id TEXT NOT NULL REFERENCES chat_conversations (id) ON DELETE CASCADE,
    sender          TEXT NOT NULL CHECK (sender IN ('bot', 'user', 'agent', 'system')),
    text            TEXT NOT NULL,
    -- Pages of the site the message points to: [{"label": ..., "href": ...}].
    links           TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(links) AND json_type(links) = 'array'),
    -- A bot reply names the intent it found and the user message it answers;
    -- no foreign key, as both always go with their conversation.
    intent          TEXT,
    reply_to        INTEGER,
    created_at      TEXT NOT NULL
) STRICT;

CREATE INDEX chat_messages_by_conversation ON chat_messages (conversation_id, id);

-- One record per message the chatbot answered.
CREATE VIEW chat_records AS
SELECT r.id              AS id,
       r.conversation_id AS conversation_id,
       u.text            AS user_input,
       r.intent          AS intent,
       r.text            AS response,
       r.created_at      AS timestamp
FROM chat_messages AS r
JOIN chat_messages AS u ON u.id = r.reply_to
WHERE r.intent IS NOT NULL AND r.reply_to IS NOT NULL;
