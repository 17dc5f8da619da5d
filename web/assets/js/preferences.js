/**
 * The viewer's display and sound preferences on the game page, remembered in
 * localStorage for every game: move numbers on the stones, move confirmation
 * (on by default on touch screens, where a slip of the finger is easy), a
 * sound on every move (on by default, as on lichess; a player who turned it
 * off keeps it off) and a sound when one's own time runs low (off by
 * default).
 * @module preferences
 */

/** @typedef {'numbers' | 'confirm' | 'sound' | 'low-time'} Preference */

/**
 * The value of a preference never set.
 * @param {Preference} name
 * @returns {boolean}
 */
function defaultOf(name) {
  if (name === 'confirm') {
    return typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches;
  }
  return name === 'sound';
}

/**
 * The current value of a preference.
 * @param {Preference} name
 * @returns {boolean}
 */
export function preference(name) {
  try {
    const stored = localStorage.getItem(`narabe.${name}`);
    if (stored !== null) return stored === '1';
  } catch {
    // Storage may be disabled: the defaults hold.
  }
  return defaultOf(name);
}

/**
 * Remembers a preference.
 * @param {Preference} name
 * @param {boolean} value
 */
export function setPreference(name, value) {
  try {
    localStorage.setItem(`narabe.${name}`, value ? '1' : '0');
  } catch {
    // Storage may be disabled: the choice holds until the page is left.
  }
}

/** @type {AudioContext | null} */
let audio = null;

/**
 * Prepares the sound at the reader's first click, tap or key on the page,
 * the moment browsers allow it.
 */
export function unlockSoundOnFirstGesture() {
  const unlock = () => {
    unlockSound();
    document.removeEventListener('pointerdown', unlock);
    document.removeEventListener('keydown', unlock);
  };
  document.addEventListener('pointerdown', unlock);
  document.addEventListener('keydown', unlock);
}

/**
 * Prepares the sound; call it from a click so browsers allow audio later.
 */
export function unlockSound() {
  if (!audio && typeof AudioContext === 'function') audio = new AudioContext();
  audio?.resume().catch(() => {});
}

/**
 * The pitch of each sound: a stone of the opponent's, one's own (softer and
 * lower, so the two are told apart without looking), and the low-time
 * warning (higher).
 */
const PITCH = { opponent: 660, own: 520, low: 990 };

/**
 * A short soft beep (WebAudio, no sound file).
 * @param {keyof typeof PITCH} [kind]
 */
export function beep(kind = 'opponent') {
  // Browsers allow sound only after the reader touched the page: until then
  // a beep is silently skipped (see unlockSoundOnFirstGesture).
  if (!audio) return;
  const oscillator = audio.createOscillator();
  const gain = audio.createGain();
  oscillator.type = 'sine';
  oscillator.frequency.value = PITCH[kind];
  const now = audio.currentTime;
  gain.gain.setValueAtTime(0.0001, now);
  gain.gain.exponentialRampToValueAtTime(0.2, now + 0.01);
  gain.gain.exponentialRampToValueAtTime(0.0001, now + 0.18);
  oscillator.connect(gain).connect(audio.destination);
  oscillator.start(now);
  oscillator.stop(now + 0.2);
}
