// Imported first by the tests of this folder: they run on the PostgreSQL
// that make test starts (COURTIER_TEST_POSTGRES, scripts/with-postgres.sh)
// or on the one COURTIER_E2E_POSTGRES names, each on a schema of its own
// with two instances behind the round-robin proxy (../helpers.mjs
// startServer). Without either they are skipped, and say so.

/** The PostgreSQL URL the tests of this folder run on, or '' without one. */
export const postgres = process.env.COURTIER_E2E_POSTGRES || process.env.COURTIER_TEST_POSTGRES || '';

/** Why the tests of this folder are skipped, when they are. */
export const noPostgres = 'no PostgreSQL (COURTIER_TEST_POSTGRES and COURTIER_E2E_POSTGRES unset)';

if (postgres) process.env.COURTIER_E2E_POSTGRES = postgres;
