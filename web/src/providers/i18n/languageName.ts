/**
 * A language's name in that language ('Deutsch', 'Čeština'), as a language selector shows it;
 * the code when the browser cannot name it.
 */
export function languageName(code: string): string {
  try {
    const name = new Intl.DisplayNames([code], { type: 'language' }).of(code);
    return name && name !== code ? name.charAt(0).toLocaleUpperCase(code) + name.slice(1) : code;
  } catch {
    return code;
  }
}
