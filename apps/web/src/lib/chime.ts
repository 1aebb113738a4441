/**
 * A short two-note chime made with the Web Audio API: no audio file to fetch (the page's CSP allows
 * only 'self', and a kitchen tablet may be offline for a moment). Browsers start audio only after
 * a user gesture, so `unlockAudio` must run from a click first.
 */

type AudioContextConstructor = typeof AudioContext;

let context: AudioContext | null = null;

function audioContextConstructor(): AudioContextConstructor | undefined {
  if (typeof window === 'undefined') return undefined;
  return (
    window.AudioContext ??
    (window as unknown as { webkitAudioContext?: AudioContextConstructor }).webkitAudioContext
  );
}

export function isAudioSupported(): boolean {
  return audioContextConstructor() !== undefined;
}

/** Starts (or resumes) audio; true once the browser lets it play. Call it from a user gesture. */
export async function unlockAudio(): Promise<boolean> {
  const Constructor = audioContextConstructor();
  if (!Constructor) return false;
  try {
    context ??= new Constructor();
    if (context.state === 'suspended') await context.resume();
    return context.state === 'running';
  } catch {
    return false;
  }
}

export function isAudioUnlocked(): boolean {
  return context?.state === 'running';
}

function note(audio: AudioContext, frequency: number, start: number, length: number) {
  const oscillator = audio.createOscillator();
  const gain = audio.createGain();
  oscillator.type = 'sine';
  oscillator.frequency.setValueAtTime(frequency, start);
  // A quick attack and an exponential fade: a bell, not a beep.
  gain.gain.setValueAtTime(0.0001, start);
  gain.gain.exponentialRampToValueAtTime(0.35, start + 0.02);
  gain.gain.exponentialRampToValueAtTime(0.0001, start + length);
  oscillator.connect(gain).connect(audio.destination);
  oscillator.start(start);
  oscillator.stop(start + length + 0.05);
}

/** Plays the chime if audio is unlocked; otherwise does nothing. */
export function playChime(): void {
  const audio = context;
  if (audio?.state !== 'running') return;
  const now = audio.currentTime;
  note(audio, 880, now, 0.5);
  note(audio, 1318.5, now + 0.16, 0.7);
}

/**
 * Plays the kitchen's alert if audio is unlocked: three short low beeps, unlike the new-order chime,
 * for a void, a change or a recall the cook must see.
 */
export function playAlert(): void {
  const audio = context;
  if (audio?.state !== 'running') return;
  const now = audio.currentTime;
  for (const offset of [0, 0.22, 0.44]) note(audio, 587.3, now + offset, 0.18);
}
