/**
 * Where the header's popups (user menu, language, website picker) are placed: beside their
 * trigger, inside the sticky header, so they stay attached to it however the page scrolls.
 */
export const inHeader = (trigger: HTMLElement): HTMLElement => trigger.parentElement ?? document.body;
