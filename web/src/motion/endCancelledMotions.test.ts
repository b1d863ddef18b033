import { describe, expect, it, vi } from 'vitest';
import { endCancelledMotions, endMotionOfCancelledTransition, inActiveMotionStep } from './endCancelledMotions.ts';

/** An element as the listener sees it: its classes, and the transitions or animations still running on it. */
class FakeElement extends EventTarget {
  constructor(
    private readonly classes: string,
    private readonly running: unknown[] = [],
  ) {
    super();
  }
  getAttribute(name: string) {
    return name === 'class' ? this.classes : null;
  }
  getAnimations() {
    return this.running;
  }
}

/** What rc-motion does in a motion's active step: the motion ends on the element's own transitionend. */
function motionWaitingForItsEnd(element: EventTarget) {
  const ended = vi.fn();
  element.addEventListener('transitionend', (event) => {
    if (event.target === element) ended();
  });
  return ended;
}

/** Installs the listener on a document stand-in and answers what it registered (the browser calls it for every element). */
function installed() {
  const root = { addEventListener: vi.fn(), removeEventListener: vi.fn() };
  const remove = endCancelledMotions(root as unknown as Document);
  const [[type, listener, capture]] = root.addEventListener.mock.calls as [[string, EventListener, boolean]];
  return { root, remove, type, listener, capture };
}

/** The browser cancels a transition of the element (here the listener is on the element itself: no DOM tree in Node). */
function cancelTransition(element: EventTarget, listener: EventListener, pseudoElement = '') {
  element.addEventListener('transitioncancel', listener);
  element.dispatchEvent(
    Object.assign(new Event('transitioncancel', { bubbles: true }), { propertyName: 'width', pseudoElement }),
  );
}

// The loading icon of an antd Button while its loading ends, as the end-to-end run found it.
const LEAVING_LOADING_ICON =
  'ant-btn-icon ant-btn-loading-icon ant-btn-loading-icon-motion-leave ant-btn-loading-icon-motion-leave-active ant-btn-loading-icon-motion';

describe('endCancelledMotions', () => {
  it('listens to every cancelled transition of the document, in the capture phase, until removed', () => {
    const { root, remove, type, listener, capture } = installed();
    expect(type).toBe('transitioncancel');
    expect(capture).toBe(true);
    remove();
    expect(root.removeEventListener).toHaveBeenCalledWith('transitioncancel', listener, true);
  });

  it('ends a leaving motion whose transitions the browser cancelled with nothing left to animate (the stuck "loading Add")', () => {
    const icon = new FakeElement(LEAVING_LOADING_ICON);
    const ended = motionWaitingForItsEnd(icon);
    cancelTransition(icon, installed().listener);
    expect(ended).toHaveBeenCalledTimes(1);
  });

  it('ends an entering or appearing motion the same way', () => {
    for (const classes of [
      'ant-zoom ant-zoom-enter ant-zoom-enter-active',
      'ant-fade ant-fade-appear ant-fade-appear-active',
    ]) {
      const element = new FakeElement(classes);
      const ended = motionWaitingForItsEnd(element);
      cancelTransition(element, endMotionOfCancelledTransition);
      expect(ended).toHaveBeenCalledTimes(1);
    }
  });

  it('leaves alone a transition replaced by another one still running (that one sends the end)', () => {
    const icon = new FakeElement(LEAVING_LOADING_ICON, [{ transitionProperty: 'width' }]);
    const ended = motionWaitingForItsEnd(icon);
    cancelTransition(icon, endMotionOfCancelledTransition);
    expect(ended).not.toHaveBeenCalled();
  });

  it("leaves alone a cancelled transition of the element's pseudo-element", () => {
    const icon = new FakeElement(LEAVING_LOADING_ICON);
    const ended = motionWaitingForItsEnd(icon);
    cancelTransition(icon, endMotionOfCancelledTransition, '::after');
    expect(ended).not.toHaveBeenCalled();
  });

  it('leaves alone elements outside a motion, or before its active step', () => {
    for (const classes of [
      'ant-btn ant-btn-primary',
      'ant-btn-loading-icon-motion-leave ant-btn-loading-icon-motion-leave-start',
      '',
    ]) {
      const element = new FakeElement(classes);
      const ended = motionWaitingForItsEnd(element);
      cancelTransition(element, endMotionOfCancelledTransition);
      expect(ended).not.toHaveBeenCalled();
    }
  });
});

describe('inActiveMotionStep', () => {
  it("recognises rc-motion's active-step class, and only as a whole class name", () => {
    expect(inActiveMotionStep(new FakeElement(LEAVING_LOADING_ICON))).toBe(true);
    expect(inActiveMotionStep(new FakeElement('ant-motion-collapse-leave-active ant-motion-collapse'))).toBe(true);
    expect(inActiveMotionStep(new FakeElement('leave-active'))).toBe(false);
    expect(inActiveMotionStep(new FakeElement('x-leave-active-later'))).toBe(false);
    expect(inActiveMotionStep(new FakeElement('ant-btn-loading-icon-motion-leave-start'))).toBe(false);
  });
});
