type AudioCtor = typeof AudioContext;

let context: AudioContext | null = null;

/** The page's one AudioContext, made at the first use (a click on the switch lets it play). */
function audio(): AudioContext | null {
  if (typeof window === 'undefined') return null;
  const Ctor: AudioCtor | undefined = window.AudioContext ?? (window as unknown as { webkitAudioContext?: AudioCtor }).webkitAudioContext;
  if (!Ctor) return null;
  try {
    context ??= new Ctor();
  } catch {
    return null;
  }
  if (context.state === 'suspended') void context.resume().catch(() => undefined);
  return context;
}

/**
 * Readies the sound during a user gesture: browsers let a page play only
 * after the user has acted on it, so the switch calls this when turned on.
 */
export function unlockSound(): void {
  audio();
}

/** Two short notes (about 0.3 s), soft attack and release: no audio file to load. */
export function beep(): void {
  const c = audio();
  if (!c) return;
  const t = c.currentTime;
  for (const [i, freq] of [880, 1175].entries()) {
    const start = t + i * 0.14;
    const osc = c.createOscillator();
    const gain = c.createGain();
    osc.type = 'sine';
    osc.frequency.setValueAtTime(freq, start);
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(0.18, start + 0.015);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.13);
    osc.connect(gain);
    gain.connect(c.destination);
    osc.start(start);
    osc.stop(start + 0.14);
  }
}
