/**
 * Whether a click on a link is the plain one that an app may take over (a same-page update in
 * place of the navigation), rather than one that opens the link elsewhere: another button, or a
 * modifier key for a new tab or window, which stays the browser's.
 */
export function isPlainClick(event: {
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}
