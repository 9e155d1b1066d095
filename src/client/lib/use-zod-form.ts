import { useCallback, useRef, useState, type FormEvent } from 'react';
import type * as z from 'zod/mini';
import { ApiError } from './api';

type Values = Record<string, string>;
type Errors = Record<string, string | undefined>;

/** The first message for each top-level field of a failed parse. */
export function fieldErrors(error: { issues: { path: PropertyKey[]; message: string }[] }): Errors {
  const errors: Errors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '_');
    errors[key] ??= issue.message;
  }
  return errors;
}

function validate(schema: z.ZodMiniType, values: Values): Errors {
  const result = schema.safeParse(values);
  return result.success ? {} : fieldErrors(result.error);
}

/**
 * A small form controller over a shared zod schema: the rules the server applies run in the
 * browser first. The schema is loaded on the form's first focus (or at submit), which keeps the
 * validation code off the first page load. Messages show under each field after a submit
 * attempt and update as the visitor corrects them; the first invalid field receives focus.
 */
export function useZodForm<S extends z.ZodMiniType>(loadSchema: () => Promise<S>, initial: Values) {
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<Errors>({});
  const [submitting, setSubmitting] = useState(false);
  const attempted = useRef(false);
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
      if (attempted.current && schemaRef.current) setErrors(validate(schemaRef.current, next));
      return next;
    });
  }, []);

  const focusFirstError = (errs: Errors) => {
    const first = Object.keys(errs).find((k) => errs[k]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  const handleSubmit =
    (onValid: (data: z.output<S>) => Promise<void>) =>
    async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      attempted.current = true;
      const schema = await getSchema();
      const result = schema.safeParse(values);
      if (!result.success) {
        const errs = fieldErrors(result.error);
        setErrors(errs);
        focusFirstError(errs);
        return;
      }
      setErrors({});
      setSubmitting(true);
      try {
        await onValid(result.data);
      } catch (error) {
        if (error instanceof ApiError && Object.keys(error.fields).length > 0) {
          setErrors(error.fields);
          focusFirstError(error.fields);
        }
        throw error;
      } finally {
        setSubmitting(false);
      }
    };

  const reset = useCallback(() => {
    attempted.current = false;
    setValues(initial);
    setErrors({});
    // `initial` is a literal at each call site: its identity does not matter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

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

  return { values, errors, submitting, setValue, handleSubmit, reset, formProps };
}
