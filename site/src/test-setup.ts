import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';

// findBy… and waitFor wait up to 15 s, not 1 s: a component that loads a
// lazy chunk (the chat panel, a page's parts) waits for vite to transform
// it, which takes longer than a second when the machine runs the Go
// suites alongside (make test's first stage).
configure({ asyncUtilTimeout: 15_000 });

afterEach(() => {
  cleanup();
});

// The test files of a worker share one jsdom (vite.config.ts, isolate:
// false): making a jsdom for each file cost a second per file, 60 % of
// vitest's time. Each file therefore leaves the document, the storages,
// the globals and the timers as it found them, closes the channels it
// opened (another file's session would hear them), and the next file
// evaluates the site's modules afresh, as a page load does.
// This file runs again before each test file: the set of channels is
// kept on the global, with the class that fills it, installed once.
const key = Symbol.for('courtier.test.channels');
const shared = globalThis as typeof globalThis & { [key]?: Set<BroadcastChannel> };
const channels = (shared[key] ??= new Set<BroadcastChannel>());
if (globalThis.BroadcastChannel.name !== 'TrackedChannel') {
  const Native = globalThis.BroadcastChannel;
  globalThis.BroadcastChannel = class TrackedChannel extends Native {
    constructor(name: string) {
      super(name);
      channels.add(this);
    }
  };
}

afterAll(() => {
  channels.forEach((c) => c.close());
  channels.clear();
  document.body.replaceChildren();
  document.head.replaceChildren();
  document.documentElement.removeAttribute('data-theme');
  localStorage.clear();
  sessionStorage.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.resetModules();
});
