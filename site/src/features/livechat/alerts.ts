import { useCallback, useEffect, useRef, useState } from 'react';
import { pageTitle } from '../../lib/page-title';
import { beep, unlockSound } from './beep';

/** Where the browser remembers the « Alerte sonore » switch. */
export const soundKey = 'courtier:chat-sound';

/** The switch as remembered: off unless the agent turned it on. */
export function readSoundOn(storage: Pick<Storage, 'getItem'> = localStorage): boolean {
  try {
    return storage.getItem(soundKey) === 'on';
  } catch {
    return false;
  }
}

/** « Alerte sonore »: its state, remembered in localStorage, off by default. */
export function useSoundSwitch(): [boolean, (on: boolean) => void] {
  const [on, setOn] = useState(readSoundOn);
  const set = useCallback((next: boolean) => {
    setOn(next);
    if (next) unlockSound();
    try {
      localStorage.setItem(soundKey, next ? 'on' : 'off');
    } catch {
      // Private browsing: the switch holds for this page only.
    }
  }, []);
  return [on, set];
}

/**
 * Plays `play` when the number of waiting conversations grows and the
 * sound is on. The first count the page learns is not news: no sound.
 */
export function useWaitingSound(waiting: number | undefined, on: boolean, play: () => void = beep): void {
  const previous = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (waiting === undefined) return;
    const before = previous.current;
    previous.current = waiting;
    if (on && before !== undefined && waiting > before) play();
  }, [waiting, on, play]);
}

/** The document title: « (2) Conversations – Courtier » while 2 conversations wait. */
export function titleWithCount(title: string, waiting: number): string {
  const base = pageTitle(title);
  return waiting > 0 ? `(${waiting}) ${base}` : base;
}

/**
 * Keeps the count in the document title. The layout sets the page's
 * title in its own effect, which runs after this one on a navigation, so
 * the title is written once that effect is done.
 */
export function useTitleCount(title: string, waiting: number, path: string): void {
  useEffect(() => {
    const timer = setTimeout(() => { document.title = titleWithCount(title, waiting); }, 0);
    return () => clearTimeout(timer);
  }, [title, waiting, path]);
}
