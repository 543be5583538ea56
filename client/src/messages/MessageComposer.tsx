// Writing a message: a labelled text area (plain text, at most 2000
// characters), the shared schema's messages, a Send button that spins while
// sending; the text stays until the server has accepted it, so nothing is lost.
import { Box, Button, Field, Flex, Text, Textarea } from '@chakra-ui/react';
import { useFormik } from 'formik';
import { MESSAGE_MAX_LENGTH, messageSchema } from '@opennest/common/validation/message';
import { LuSend } from 'react-icons/lu';
import { errorMessage } from '../app/errors';
import { useServerAwareValidation } from '../ui/form-validation';
import { toaster } from '../ui/toaster';

export function MessageComposer({ label, placeholder, onSend }: { label: string; placeholder?: string; onSend(body: string): Promise<void> }) {
  const { validate, showServerErrors } = useServerAwareValidation<{ body: string }>(messageSchema, ['body']);
  const form = useFormik({
    initialValues: { body: '' },
    validate,
    validateOnBlur: false,
    onSubmit: async (values, helpers) => {
      try {
        await onSend(values.body.trim());
        helpers.resetForm();
      } catch (error) {
        if (!showServerErrors(helpers, values, error)) {
          toaster.create({ type: 'error', title: 'Message not sent', description: errorMessage(error, 'Something went wrong. Please try again.') });
        }
      }
    },
  });
  const error = form.touched.body ? form.errors.body : undefined;
  return (
    <form onSubmit={form.handleSubmit} noValidate aria-label="Send a message">
      <Field.Root invalid={Boolean(error)}>
        <Field.Label>{label}</Field.Label>
        <Textarea
          name="body"
          value={form.values.body}
          onChange={form.handleChange}
          onKeyDown={(event) => {
            // Ctrl/Cmd+Enter sends; Enter alone starts a new line. Not again while it is sending (a held key repeats).
            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey) && !form.isSubmitting) void form.submitForm();
          }}
          placeholder={placeholder}
          rows={3}
          maxLength={MESSAGE_MAX_LENGTH + 100}
          autoresize
        />
        <Field.ErrorText>{error}</Field.ErrorText>
      </Field.Root>
      <Flex mt="2" justify="space-between" align="center" gap="3">
        <Text fontSize="xs" color="fg.muted">
          {form.values.body.length}/{MESSAGE_MAX_LENGTH}
          {/* A touch screen has no Ctrl key to press. */}
          <Box as="span" css={{ '@media (pointer: coarse)': { display: 'none' } }}>
            {' '}
            · Ctrl+Enter sends
          </Box>
        </Text>
        <Button type="submit" colorPalette="teal" loading={form.isSubmitting} loadingText="Sending">
          <LuSend aria-hidden /> Send
        </Button>
      </Flex>
    </form>
  );
}
