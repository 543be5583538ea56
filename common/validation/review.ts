import { object, string } from 'yup';

export const REVIEW_MAX_LENGTH = 2000;

/** The spec shows no review rules; empty and over-long texts are refused with a clear message. */
export const reviewSchema = object({
  reviewText: string()
    .trim()
    .required('Review text is required')
    .max(REVIEW_MAX_LENGTH, `Review must be at most ${REVIEW_MAX_LENGTH} characters`),
});
