import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, renderHook, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { pageTitle } from '../../lib/page-title';
import { readSoundOn, soundKey, titleWithCount, useSoundSwitch, useWaitingSound } from './alerts';
import { ConversationsTile } from './conversations-tile';

/** Matches the element whose own text is exactly s, non-breaking spaces included (getByText would turn them into spaces). */
const exactly = (s: string) => (_: string, el: Element | null) =>
  el?.textContent === s && !Array.from(el.children).some((c) => c.textContent === s);


beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the sound alert', () => {
  it('is off until the agent turns it on, and remembered', () => {
    expect(readSoundOn()).toBe(false);
    const { result } = renderHook(() => useSoundSwitch());
    expect(result.current[0]).toBe(false);
    act(() => result.current[1](true));
    expect(localStorage.getItem(soundKey)).toBe('on');
    expect(renderHook(() => useSoundSwitch()).result.current[0]).toBe(true);
    act(() => result.current[1](false));
    expect(readSoundOn()).toBe(false);
  });

  it('beeps only when the waiting count grows and the switch is on', () => {
    const play = vi.fn();
    const { rerender } = renderHook(({ n, on }) => useWaitingSound(n, on, play), { initialProps: { n: undefined as number | undefined, on: true } });
    rerender({ n: 2, on: true }); // the first count is not news
    expect(play).not.toHaveBeenCalled();
    rerender({ n: 3, on: true });
    expect(play).toHaveBeenCalledTimes(1);
    rerender({ n: 1, on: true });
    rerender({ n: 1, on: true });
    expect(play).toHaveBeenCalledTimes(1);
    rerender({ n: 4, on: false });
    expect(play).toHaveBeenCalledTimes(1);
    rerender({ n: 5, on: true });
    expect(play).toHaveBeenCalledTimes(2);
  });
});

describe('the title', () => {
  it('counts the waiting conversations', () => {
    expect(titleWithCount('Conversations', 0)).toBe(pageTitle('Conversations'));
    expect(titleWithCount('Conversations', 2)).toBe(`(2) ${pageTitle('Conversations')}`);
  });
});

describe('the dashboard tile', () => {
  it('shows how many visitors wait, and leads to the conversations', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({
      away: false, available: true, mine: [], others: [],
      waiting: [1, 2].map((n) => ({ id: `w${n}`, state: 'waiting', who: { name: '' }, lastMessage: '', lastAt: '', unread: 0 })),
    }), { status: 200 })));
    render(<MemoryRouter><ConversationsTile /></MemoryRouter>);
    const count = await screen.findByText(exactly('2\u00a0conversations en attente'));
    expect(count.closest('a')?.getAttribute('href')).toBe('/dashboard/conversations');
  });

  it('still leads to the conversations when the count cannot be read', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{}', { status: 500 })));
    render(<MemoryRouter><ConversationsTile /></MemoryRouter>);
    expect(screen.getByRole('link', { name: 'Ouvrir les conversations' }).getAttribute('href')).toBe('/dashboard/conversations');
  });
});
