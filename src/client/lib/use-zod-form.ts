import { useCallback, useRef, useState, type FormEvent } from 'react';
import type * as z from 'zod/mini';
import { ApiError } from './api';

/** What a form holds as the visitor types: text, by field name. */
type Values = Record<string, string>;
/** One message per field (and `_` for the form as a whole). */
export type FieldErrors<V extends Values> = Partial<Record<keyof V | '_', string>>;

/** The first message for each top-level field of a failed parse. */
export function fieldErrors(error: {
  issues: { path: PropertyKey[]; message: string }[];
}): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '_');
    errors[key] ??= issue.message;
  }
  return errors;
}

function validate(schema: z.ZodMiniType, values: Values): Record<string, string> {
  const result = schema.safeParse(values);
  return result.success ? {} : fieldErrors(result.error);
}

/** The props a field component (TextField, TextAreaField, SelectField…) takes from the form. */
export interface BoundField<N extends string> {
  name: N;
  value: string;
  error: string | undefined;
  onValue: (name: string, value: string) => void;
  disabled: boolean;
}

/**
 * A small form controller over a shared zod schema: the rules the server applies run in the
 * browser first. The schema is loaded on the form's first focus (or at submit), which keeps the
 * validation code off the first page load. Messages show under each field after a submit
 * attempt and update as the visitor corrects them; the first invalid field receives focus.
 *
 * Typed by the form's own fields (`initial`): `field('email')` binds a field component to its
 * value, message and change handler, and a name the form does not have is a type error.
 */
export function useZodForm<S extends z.ZodMiniType, V extends Values>(
  loadSchema: () => Promise<S>,
  initial: V,
  /** What the server sent back when the form was posted without JavaScript (usePageForm). */
  returned?: { values: Record<string, string>; errors: Record<string, string> },
) {
  // The server sends back only the fields that were posted (never the honeypot).
  const [values, setValues] = useState<V>(() =>
    returned ? ({ ...initial, ...returned.values } as V) : initial,
  );
  const [errors, setErrorState] = useState<FieldErrors<V>>(
    () => (returned?.errors ?? {}) as FieldErrors<V>,
  );
  const [submitting, setSubmitting] = useState(false);
  const attempted = useRef(Boolean(returned));
  const schemaRef = useRef<S | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  const getSchema = useCallback(async () => {
    schemaRef.current ??= await loadSchema();
    return schemaRef.current;
    // The loader is a module-level import at each call site.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const setValue = useCallback((name: string, value: string) => {
    setValues((prev) => {
      const next = { ...prev, [name]: value };
      if (attempted.current && schemaRef.current)
        setErrorState(validate(schemaRef.current, next) as FieldErrors<V>);
      return next;
    });
  }, []);

  const focusFirstError = (errs: Record<string, string | undefined>) => {
    const first = Object.keys(errs).find((k) => errs[k]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  /** Shows messages from elsewhere (the server's per-field answer) and focuses the first. */
  const setErrors = useCallback((next: Record<string, string>) => {
    setErrorState(next as FieldErrors<V>);
    focusFirstError(next);
  }, []);

  const handleSubmit =
    (onValid: (data: z.output<S>) => Promise<void>) =>
    async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      attempted.current = true;
      const schema = await getSchema();
      const result = schema.safeParse(values);
      if (!result.success) {
        setErrors(fieldErrors(result.error));
        return;
      }
      setErrorState({});
      setSubmitting(true);
      try {
        await onValid(result.data);
      } catch (error) {
        if (error instanceof ApiError && Object.keys(error.fields).length > 0) {
          setErrors(error.fields);
        }
        throw error;
      } finally {
        setSubmitting(false);
      }
    };

  const reset = useCallback(() => {
    attempted.current = false;
    setValues(initial);
    setErrorState({});
    // `initial` is a literal at each call site: its identity does not matter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  /** Binds a field component to one of the form's fields; disabled while the form is sent. */
  const field = <N extends keyof V & string>(name: N): BoundField<N> => ({
    name,
    value: values[name] ?? '',
    error: errors[name],
    onValue: setValue,
    disabled: submitting,
  });

  /**
   * Spread on the <form>: starts loading the schema when the visitor first focuses a field.
   * method="post": a submit before the page has hydrated must not put what was typed (messages,
   * prayer intentions) into the address, the server's logs and the browser's history.
   */
  const formProps = {
    ref: formRef,
    onFocus: () => void getSchema(),
    noValidate: true,
    method: 'post',
  } as const;

  return {
    values,
    errors,
    submitting,
    setValue,
    setErrors,
    field,
    handleSubmit,
    reset,
    formProps,
  };
}
