/**
 * A form's errors are announced when they appear (issue 20, WCAG 3.3.1 and 4.1.3): antd 5 draws a
 * Form.Item's error under its field and ties it to the field (aria-describedby, aria-invalid), but
 * the error itself is plain text, so a screen reader says nothing when a submit reveals it (antd 4
 * gave each error role="alert"; antd 5 dropped it). `announceFormErrors` gives every error line
 * antd adds role="alert", once, for every form of the console (dialogs, pages, sign-in).
 * Warnings stay quiet: they do not stop the submit.
 */

/** antd's class of one error line of a Form.Item (`{prefix}-form-item-explain-error`, prefix 'ant'). */
export const FORM_ERROR_SELECTOR = '.ant-form-item-explain-error';

/** The element parts used, so tests need no DOM. */
export interface ElementLike {
  matches(selector: string): boolean;
  querySelectorAll(selector: string): Iterable<ElementLike>;
  hasAttribute(name: string): boolean;
  setAttribute(name: string, value: string): void;
}

const isElement = (node: unknown): node is ElementLike =>
  typeof (node as Partial<ElementLike> | null)?.matches === 'function';

/** Gives the error lines in (or at) an added node role="alert"; other nodes are left alone. */
export function markFormErrors(node: unknown): void {
  if (!isElement(node)) return;
  const lines = node.matches(FORM_ERROR_SELECTOR) ? [node] : [...node.querySelectorAll(FORM_ERROR_SELECTOR)];
  for (const line of lines) if (!line.hasAttribute('role')) line.setAttribute('role', 'alert');
}

/** Watches the document for error lines antd adds; answers the stopper. */
export function announceFormErrors(root: Node): () => void {
  markFormErrors(root);
  const observer = new MutationObserver((records) => {
    for (const record of records) for (const node of record.addedNodes) markFormErrors(node);
  });
  observer.observe(root, { childList: true, subtree: true });
  return () => observer.disconnect();
}
