import { configure } from '@testing-library/react';

// findBy… and waitFor wait up to 5 s, not 1 s: a component that loads a
// lazy chunk (the chat panel, a page's parts) waits for vite to transform
// it, which takes longer than a second when the machine runs the Go
// suites alongside (make test's first stage).
configure({ asyncUtilTimeout: 5000 });
