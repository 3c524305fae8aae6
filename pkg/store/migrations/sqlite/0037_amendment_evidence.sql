-- An amendment's signature evidence is verified like the contract's
-- (issue 43): evidence_sha256 is the SHA-256 of the evidence's JSON as
-- stored, written with it at the signature. Left empty for the amendments
-- signed before it: there are none in production.
ALTER TABLE amendments ADD COLUMN evidence_sha256 TEXT;
