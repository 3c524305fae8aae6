-- Reserved for the rate buckets of the sign-in limits (being written).
SELECT 1;
