-- A request filed from the chat (issue 19: with no advisor online, the
-- chat offers a callback or a message answered by e-mail) names the
-- conversation it came from, so that staff read it with the request.
-- NULL for a request sent from a form. The conversation goes at the end
-- of its retention (pkg/chat) or with its account: the request stays,
-- without it.
ALTER TABLE requests ADD COLUMN conversation_id TEXT REFERENCES chat_conversations (id) ON DELETE SET NULL;

-- Deleting a conversation looks for the requests that name it.
CREATE INDEX requests_by_conversation ON requests (conversation_id) WHERE conversation_id IS NOT NULL;
