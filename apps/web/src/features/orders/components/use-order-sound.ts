import { useCallback, useEffect, useRef, useState } from 'react';
import { isAudioSupported, isAudioUnlocked, playChime, unlockAudio } from '../../../lib/chime';

// Not a secret and not the session: a per-device preference (the kitchen tablet wants sound).
const SOUND_PREFERENCE_KEY = 'tavolo.orders.sound';
const MIN_GAP_MS = 2_000;

function readPreference(): boolean {
  try {
    return globalThis.localStorage?.getItem(SOUND_PREFERENCE_KEY) === 'on';
  } catch {
    return false;
  }
}

function writePreference(on: boolean): void {
  try {
    if (on) globalThis.localStorage?.setItem(SOUND_PREFERENCE_KEY, 'on');
    else globalThis.localStorage?.removeItem(SOUND_PREFERENCE_KEY);
  } catch {
    // A preference only: without storage it lasts until the page reloads.
  }
}

export interface OrderSound {
  /** The browser can make sound at all. */
  supported: boolean;
  /** Chimes will play. */
  on: boolean;
  /** Wanted (chosen on an earlier visit) but waiting for a first tap: browsers require one. */
  waitingForTap: boolean;
  turnOn: () => Promise<void>;
  turnOff: () => void;
  /** Chimes if sound is on, at most once every two seconds (a burst of orders is one chime). */
  play: () => void;
}

export function useOrderSound(): OrderSound {
  const supported = isAudioSupported();
  const [wanted, setWanted] = useState(readPreference);
  const [unlocked, setUnlocked] = useState(isAudioUnlocked);
  const lastPlayed = useRef(0);

  // Chosen on an earlier visit: the first tap or key anywhere on the page starts it again.
  useEffect(() => {
    if (!supported || !wanted || unlocked) return;
    const unlock = () => void unlockAudio().then(setUnlocked);
    document.addEventListener('pointerdown', unlock);
    document.addEventListener('keydown', unlock);
    return () => {
      document.removeEventListener('pointerdown', unlock);
      document.removeEventListener('keydown', unlock);
    };
  }, [supported, wanted, unlocked]);

  const turnOn = useCallback(async () => {
    setWanted(true);
    writePreference(true);
    const running = await unlockAudio();
    setUnlocked(running);
    // The chime itself confirms that sound works.
    if (running) {
      lastPlayed.current = Date.now();
      playChime();
    }
  }, []);

  const turnOff = useCallback(() => {
    setWanted(false);
    writePreference(false);
  }, []);

  const wantedRef = useRef(wanted);
  wantedRef.current = wanted;
  const play = useCallback(() => {
    if (!wantedRef.current) return;
    const now = Date.now();
    if (now - lastPlayed.current < MIN_GAP_MS) return;
    lastPlayed.current = now;
    playChime();
  }, []);

  return {
    supported,
    on: wanted && unlocked,
    waitingForTap: supported && wanted && !unlocked,
    turnOn,
    turnOff,
    play,
  };
}
