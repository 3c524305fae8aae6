-- The comparison the avis d'échéance links to (issue 42): the risk of the
-- contract priced by the instant price service at the anniversary, every
-- insurer's formulas for the same answers, kept in the client's « Mes
-- prix ». compare_url is that kept price's address on the site
-- (/mes-prix?id=…), set once before the avis is sent, so that a tick run
-- again never prices a second time; NULL when the contract has no answers
-- (from an offer) or the pricing failed.
ALTER TABLE contract_periods ADD COLUMN compare_url TEXT;
