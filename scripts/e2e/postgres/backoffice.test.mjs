// The broker's day (../backoffice.test.mjs) again on PostgreSQL, two
// instances behind the round-robin proxy: each request of the browser may
// reach either.
import { test } from 'node:test';
import { noPostgres, postgres } from './engine.mjs';

if (postgres) await import('../backoffice.test.mjs');
else test("the broker's day (PostgreSQL)", { skip: noPostgres }, () => {});
