/**
 * Keyboard shortcuts of the matching pages: which key a binding answers to, and when a key press
 * must be left alone (typing in a field, a modifier held, Enter or Space on a focused control).
 */

/** A key as `KeyboardEvent.key` reports it ('m', 'ArrowDown', 'Enter', ' ' for Space). */
export type ShortcutKey = string;

export interface Shortcut {
  /** The keys that trigger it; letters match either case. */
  keys: readonly ShortcutKey[];
  run: () => void;
  /** A disabled shortcut is shown but does nothing. */
  disabled?: boolean;
}

/** The parts of a keyboard event the decision needs (a DOM KeyboardEvent fits). */
export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  /** Enter held down repeats; a repeated key never decides twice. */
  repeat?: boolean;
  defaultPrevented?: boolean;
  target: EventTarget | null;
}

/** The element parts looked at, so tests need no DOM. */
interface TargetLike {
  tagName?: string;
  /** An input's type: a checkbox or a radio button takes no text. */
  type?: string;
  isContentEditable?: boolean;
  getAttribute?: (name: string) => string | null;
  closest?: (selector: string) => unknown;
}

/** Inputs that take no text: a key pressed on them (a row's checkbox just clicked) is still a shortcut. */
const NOT_TEXT_INPUTS = ['checkbox', 'radio', 'button', 'submit', 'reset'];
const TEXT_INPUT = `input${NOT_TEXT_INPUTS.map((type) => `:not([type="${type}"])`).join('')}`;
const TYPING_SELECTOR = `${TEXT_INPUT}, textarea, select, [contenteditable=""], [contenteditable="true"], [role="combobox"], [role="textbox"]`;
const CONTROL_SELECTOR =
  'button, a[href], input[type="checkbox"], input[type="radio"], [role="button"], [role="link"], [role="checkbox"], [role="switch"], [role="menuitem"], [role="option"], [role="tab"], summary';

/** A field the user types into: a key pressed there is text, never a shortcut. */
export function isTypingTarget(target: EventTarget | null): boolean {
  const element = target as TargetLike | null;
  if (!element || typeof element !== 'object') return false;
  if (element.isContentEditable) return true;
  const tag = element.tagName?.toLowerCase();
  if (tag === 'input') return !NOT_TEXT_INPUTS.includes((element.type ?? 'text').toLowerCase());
  if (tag === 'textarea' || tag === 'select') return true;
  return Boolean(element.closest?.(TYPING_SELECTOR));
}

/** A control that Enter or Space already activates (a button, a link, a checkbox). */
export function isControlTarget(target: EventTarget | null): boolean {
  const element = target as TargetLike | null;
  if (!element || typeof element !== 'object') return false;
  return Boolean(element.closest?.(CONTROL_SELECTOR));
}

const ACTIVATION_KEYS = new Set(['Enter', ' ']);

function sameKey(pressed: string, bound: string): boolean {
  return (
    pressed === bound || (pressed.length === 1 && bound.length === 1 && pressed.toLowerCase() === bound.toLowerCase())
  );
}

/**
 * The shortcut a key press triggers, or null: none while typing in a field, with Ctrl, Cmd or
 * Alt held (the browser's own shortcuts), for a press already handled, for a repeated key, or for
 * Enter/Space on a control that they activate themselves.
 */
export function shortcutFor<T extends Shortcut>(press: KeyPress, shortcuts: readonly T[]): T | null {
  if (press.defaultPrevented || press.repeat) return null;
  if (press.ctrlKey || press.metaKey || press.altKey) return null;
  if (isTypingTarget(press.target)) return null;
  if (ACTIVATION_KEYS.has(press.key) && isControlTarget(press.target)) return null;
  return (
    shortcuts.find((shortcut) => !shortcut.disabled && shortcut.keys.some((key) => sameKey(press.key, key))) ?? null
  );
}

/** How a key is written in a hint: arrows as arrows, Space and Enter by name. */
export function keyLabel(key: ShortcutKey): string {
  switch (key) {
    case 'ArrowUp':
      return '↑';
    case 'ArrowDown':
      return '↓';
    case 'ArrowLeft':
      return '←';
    case 'ArrowRight':
      return '→';
    case ' ':
      return 'Space';
    case 'Enter':
      return 'Enter';
    case 'Escape':
      return 'Esc';
    default:
      return key.length === 1 ? key.toUpperCase() : key;
  }
}

/** The index one step up or down a list, staying within it (-1 for an empty list). */
export function stepIndex(current: number, delta: number, length: number): number {
  if (length <= 0) return -1;
  if (current < 0) return delta < 0 ? length - 1 : 0;
  return Math.min(length - 1, Math.max(0, current + delta));
}
