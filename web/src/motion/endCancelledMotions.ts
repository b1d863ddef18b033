/**
 * antd animates elements in and out with rc-motion, which ends a motion only on the element's own
 * `transitionend` (or `animationend`): until then the element keeps its motion classes, and an
 * element that leaves stays in the page. Some of antd's motions have no time limit, among them the
 * loading icon of every Button (and so of a Modal's OK button with `confirmLoading`).
 *
 * A browser sends no `transitionend` for a transition it cancels, and it cancels one when a style
 * change arrives while the transition has not moved yet, so that there is nothing left to animate:
 * a motion reversed within a frame or two on a busy machine. An end-to-end run showed it: a
 * request answered in 0.2 s, so the Add button's loading icon left before its entrance had
 * moved; its transitions were cancelled, and the icon, collapsed and invisible but still announced
 * as "loading", stayed in the button for good (its accessible name stayed "loading Add").
 *
 * `endCancelledMotions` gives such an element the `transitionend` rc-motion waits for: when a
 * transition of an element in a motion's active step is cancelled and nothing animates that
 * element any more. A transition replaced by another one (which will end) is left alone.
 */

/** rc-motion's class of a motion's active step: `{motionName}-{appear|enter|leave}-active`. */
const ACTIVE_STEP = /-(?:appear|enter|leave)-active$/;

type MotionTarget = EventTarget & {
  getAttribute(name: string): string | null;
  getAnimations?(): readonly unknown[];
};

const isMotionTarget = (target: EventTarget | null): target is MotionTarget =>
  target !== null && typeof (target as Partial<MotionTarget>).getAttribute === 'function';

/** Whether the element is in the active step of an rc-motion motion (the step that waits for the end). */
export function inActiveMotionStep(element: Pick<MotionTarget, 'getAttribute'>): boolean {
  return (element.getAttribute('class') ?? '').split(/\s+/).some((name) => ACTIVE_STEP.test(name));
}

/** The `transitionend` a cancelled transition never sends (a plain bubbling event where TransitionEvent is missing). */
function transitionEndLike(cancelled: Event): Event {
  const { propertyName = '', elapsedTime = 0 } = cancelled as Partial<TransitionEvent>;
  return typeof TransitionEvent === 'function'
    ? new TransitionEvent('transitionend', { bubbles: true, propertyName, elapsedTime })
    : new Event('transitionend', { bubbles: true });
}

/**
 * The `transitioncancel` listener: ends the motion of the cancelled transition's element when that
 * element is in a motion's active step and has no running transition or animation left. A
 * pseudo-element's transition is not the motion's own: it is left alone.
 */
export function endMotionOfCancelledTransition(event: Event): void {
  const element = event.target;
  if ((event as Partial<TransitionEvent>).pseudoElement) return;
  if (!isMotionTarget(element) || !inActiveMotionStep(element)) return;
  // A transition cancelled because another one replaced it: the new one sends the end.
  if ((element.getAnimations?.().length ?? 0) > 0) return;
  element.dispatchEvent(transitionEndLike(event));
}

/** Listens on the document (capture, so every element's cancelled transition is seen); answers the remover. */
export function endCancelledMotions(root: Pick<Document, 'addEventListener' | 'removeEventListener'>): () => void {
  root.addEventListener('transitioncancel', endMotionOfCancelledTransition, true);
  return () => root.removeEventListener('transitioncancel', endMotionOfCancelledTransition, true);
}
