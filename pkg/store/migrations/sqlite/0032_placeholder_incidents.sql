-- PLACEHOLDER of the « renewal » branch of issue 42, replaced at the merge
-- by the « incidents » branch's 0032 (payment_incidents).
SELECT 1;
