/** The API's limits of a support request (SupportRequestInput). */
export const TOPIC_MAX_LENGTH = 200;
export const MESSAGE_MAX_LENGTH = 10_000;

export interface SupportRequestValues {
  topic: string;
  message: string;
}

/** What is sent: both texts trimmed (the API trims too and refuses an empty one). */
export function supportRequestInput(values: SupportRequestValues): SupportRequestValues {
  return { topic: values.topic.trim(), message: values.message.trim() };
}

/** The status filter's choice as the list's argument: 'all' (or nothing) lists both. */
export function statusFilterValue(choice: string | undefined): 'open' | 'resolved' | undefined {
  return choice === 'open' || choice === 'resolved' ? choice : undefined;
}
