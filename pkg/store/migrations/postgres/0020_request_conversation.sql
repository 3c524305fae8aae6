-- PostgreSQL twin of ../sqlite/0020_request_conversation.sql.
ALTER TABLE requests ADD COLUMN conversation_id TEXT REFERENCES chat_conversations (id) ON DELETE SET NULL;

CREATE INDEX requests_by_conversation ON requests (conversation_id) WHERE conversation_id IS NOT NULL;
