import { object, string } from 'yup';

export const MESSAGE_MAX_LENGTH = 2000;

/** A message to the other side of a conversation: plain text, not empty, not too long. */
export const messageSchema = object({
  body: string().trim().required('Message is required').max(MESSAGE_MAX_LENGTH, `Message must be at most ${MESSAGE_MAX_LENGTH} characters`),
});
