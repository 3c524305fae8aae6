-- The bonus-malus moves at each renewal (clause annexed to A121-1 of the
-- code des assurances).
--
-- claims.responsibility is the responsibility the insurer retained for a
-- claim of a vehicle, as staff record it: '' not known yet, 'none',
-- 'shared' or 'full'. Only a vehicle's claim on one of the house's
-- contracts gets one (pkg/claim checks it).
ALTER TABLE claims ADD COLUMN responsibility TEXT NOT NULL DEFAULT ''
    CHECK (responsibility IN ('', 'none', 'shared', 'full'));

-- contract_periods.notice_crm is, for a contract whose answers carry a
-- bonus-malus, what the avis d'échéance of the period applied (JSON,
-- pkg/contract bonusMalus): the coefficient of the new year, the runs of
-- the clause after it, and the ids of the claims it counted, so that a
-- claim declared after the avis is counted by the next one, never twice
-- and never lost. NULL for a contract without bonus-malus, and for the
-- periods before 0038.
ALTER TABLE contract_periods ADD COLUMN notice_crm TEXT;
