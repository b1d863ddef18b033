import {
  type LanguageFileProblem,
  languageCodeFromFileName,
  type Messages,
  parseLanguageFile,
} from '../../../providers/i18n/languageFile.ts';

/** The worker stores documents up to 1 MB. */
export const MAX_LANGUAGE_FILE_BYTES = 1024 * 1024;

export type UploadProblem = LanguageFileProblem | { key: 'tooLarge' };

/** A chosen file checked whole before anything is sent: its name, size and content. */
export async function readLanguageFile(
  file: File,
): Promise<{ code: string; messages: Messages } | { problem: UploadProblem }> {
  const name = languageCodeFromFileName(file.name);
  if ('problem' in name) return name;
  if (file.size > MAX_LANGUAGE_FILE_BYTES) return { problem: { key: 'tooLarge' } };
  const parsed = parseLanguageFile(await file.text());
  return 'problem' in parsed ? parsed : { code: name.code, messages: parsed.messages };
}

/** The translated sentence for a refused file. */
export function uploadProblemMessage(
  problem: UploadProblem,
  file: string,
  t: (key: string, values?: Record<string, unknown>) => string,
): string {
  const values = { file, ...problem, ...('path' in problem ? { key: problem.path } : {}) };
  return t(`languages.upload.${problem.key}`, values);
}
