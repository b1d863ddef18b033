import { notification } from 'antd';
import type { i18n as I18n } from 'i18next';

/** locales/en.json: the error toast of a failed custom language detection, listing the languages left. */
export function showDetectionFailure(i18n: I18n, languages: readonly string[]): void {
  notification.error({
    key: 'language-detection',
    message: i18n.t('languages.detectionFailed', { languages: languages.join(', ') }),
    duration: 10,
  });
}
