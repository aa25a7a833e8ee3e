import { useCallback, useRef } from 'react';
import {
  useController,
  type Control,
  type FieldPathByValue,
  type FieldValues,
} from 'react-hook-form';
import { isEmailAddress } from '../check-email-address';
import { TEXT_INPUT } from './button-classes';
import { FormField } from './form-field';
import { useTypedBeforeHydration } from '../use-typed-before-hydration';

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
  // The contact page is prerendered: an address typed before its script ran must count.
  const box = useRef<HTMLInputElement | null>(null);
  useTypedBeforeHydration(box, (typed) => {
    if (typed !== field.value) field.onChange(typed);
  });
  const { ref: fieldRef } = field;
  const setBox = useCallback(
    (element: HTMLInputElement | null) => {
      fieldRef(element);
      box.current = element;
    },
    [fieldRef],
  );
  return (
    <FormField label={label} error={fieldState.error?.message}>
      {(described) => (
        <input
          {...described}
          {...field}
          ref={setBox}
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
