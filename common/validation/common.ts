import { string } from 'yup';

/** Images are our own uploads (/uploads/...) or web addresses; nothing else ends up in an <img src>. */
export const IMAGE_URL_PATTERN = /^(\/uploads\/|https?:\/\/)/;
export const IMAGE_URL_MESSAGE = 'Image must be an uploaded image or a web address';

export const imageUrl = () =>
  string().trim().max(2048, 'Image URL is too long').matches(IMAGE_URL_PATTERN, { message: IMAGE_URL_MESSAGE, excludeEmptyString: true });
