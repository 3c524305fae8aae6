// The live chat (../livechat.test.mjs) again on PostgreSQL, two instances
// behind the round-robin proxy: a message sent to one reaches the browser
// streaming from the other (LISTEN/NOTIFY).
import { test } from 'node:test';
import { noPostgres, postgres } from './engine.mjs';

if (postgres) await import('../livechat.test.mjs');
else test('live chat (PostgreSQL)', { skip: noPostgres }, () => {});
