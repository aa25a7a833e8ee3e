import {
  useController,
  type Control,
  type FieldPathByValue,
  type FieldValues,
} from 'react-hook-form';
import { isEmailAddress } from '../check-email-address';
import { TEXT_INPUT } from './button-classes';
import { FormField } from './form-field';

/**
 * The email input of every form (forwarding, the sign-in link, contact), so each offers the
 * address keyboard, autofill and no spelling marks, and checks the same two rules on submit:
 * not empty, and shaped like an address. Each form brings its own words for the label and
 * the two errors.
 */
export function EmailField<T extends FieldValues>({
  control,
  name,
  label,
  messages,
}: {
  control: Control<T>;
  name: FieldPathByValue<T, string>;
  label: string;
  messages: { required: string; invalid: string };
}) {
  const { field, fieldState } = useController({
    control,
    name,
    rules: {
      validate: (value: string) => {
        const address = value.trim();
        if (address === '') return messages.required;
        return isEmailAddress(address) || messages.invalid;
      },
    },
  });
  return (
    <FormField label={label} error={fieldState.error?.message}>
      {(described) => (
        <input
          {...described}
          {...field}
          type="email"
          autoComplete="email"
          inputMode="email"
          spellCheck={false}
          required
          className={TEXT_INPUT}
        />
      )}
    </FormField>
  );
}
