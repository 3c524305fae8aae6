-- Quote requests (PRODUCT.md, "Mes devis"): what a client asks a quote for,
-- followed by agents through its status. Times as in 0002: fixed-width UTC text.
CREATE TABLE quote_requests (
    id             TEXT PRIMARY KEY,
    -- Deleting an account deletes its requests, as the profile page says.
    uid            TEXT NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
    product        TEXT NOT NULL CHECK (product IN ('car', 'home', 'health', 'life', 'pro', 'vtc', 'fleet', 'temp')),
    status         TEXT NOT NULL DEFAULT 'received' CHECK (status IN ('received', 'in_review', 'answered', 'closed')),
    -- The product's answers as JSON, validated by pkg/quote before they are stored.
    details        TEXT NOT NULL CHECK (json_valid(details) AND json_type(details) = 'object'),
    contact_method TEXT NOT NULL CHECK (contact_method IN ('email', 'phone')),
    phone          TEXT NOT NULL DEFAULT '',
    message        TEXT NOT NULL DEFAULT '',
    created_at     TEXT NOT NULL,
    updated_at     TEXT NOT NULL,
    CHECK (contact_method <> 'phone' OR phone <> '')
) STRICT;

-- A client's list, newest first, and the count of their last hour's requests.
CREATE INDEX quote_requests_by_uid ON quote_requests (uid, created_at);
