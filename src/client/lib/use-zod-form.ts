import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import type * as z from 'zod/mini';
import { ApiError } from './api';
import { getAt, setAt } from './value-path';

/**
 * What a form holds as the visitor types: text, by field name. A form of lists and groups (the
 * site content) holds them nested, and names each field by its path in them ('value.1.quote').
 */
type Values = Record<string, unknown>;
/** A field of the form: one of its values, or a path inside one. */
type FieldName<V extends Values> = (keyof V & string) | `${keyof V & string}.${string}`;
/** One message per field (and `_` for the form as a whole). */
export type FieldErrors<V extends Values> = Partial<Record<FieldName<V> | '_', string>>;

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
 *
 * Without a schema (`null`) the server alone checks the form (the site content: its checks need
 * the photos it holds and the draft's revision): nothing is checked here, `onValid` gets the
 * values as they are, and the messages are those the form is given (`setErrors`).
 */
export function useZodForm<S extends z.ZodMiniType, V extends Values>(
  loadSchema: (() => Promise<S>) | null,
  initial: V,
  /** What the server sent back when the form was posted without JavaScript (usePageForm). */
  returned?: { values: Record<string, string>; errors: Record<string, string> } | undefined,
  /**
   * Messages a parent component holds (the answer to a call it made itself): shown, and the first
   * focused, whenever they change.
   */
  outside?: Record<string, string | undefined>,
) {
  // The server sends back only the fields that were posted (never the honeypot).
  const [values, setValues] = useState<V>(() =>
    returned ? ({ ...initial, ...returned.values } as V) : initial,
  );
  const [errors, setErrorState] = useState<FieldErrors<V>>(
    () => (returned?.errors ?? outside ?? {}) as FieldErrors<V>,
  );
  const [submitting, setSubmitting] = useState(false);
  const attempted = useRef(Boolean(returned));
  const schemaRef = useRef<S | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  const getSchema = useCallback(async () => {
    if (loadSchema) schemaRef.current ??= await loadSchema();
    return schemaRef.current;
    // The loader is a module-level import at each call site.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  /** Sets one field (a string; in a nested form, whatever its path holds: a list, a photo). */
  const setValue = useCallback((name: string, value: unknown) => {
    setValues((prev) => {
      const next = setAt(prev, name, value) as V;
      if (attempted.current && schemaRef.current)
        setErrorState(validate(schemaRef.current, next) as FieldErrors<V>);
      return next;
    });
  }, []);

  // A field is disabled while the form is sent: focus asked for then waits for the render that
  // enables it again.
  const focusWanted = useRef<string | null>(null);
  const focusNow = useCallback(() => {
    const name = focusWanted.current;
    // A control posted under another name (the campaign's "other amount" is an `amount`) says
    // which field it is with data-field.
    const control = name
      ? formRef.current?.querySelector<HTMLInputElement>(`[name="${name}"], [data-field="${name}"]`)
      : null;
    if (control && !control.disabled) {
      control.focus();
      focusWanted.current = null;
    }
  }, []);
  useEffect(() => focusNow());
  /** Moves the focus to a field (after a failed send: the password to type again). */
  const focus = useCallback(
    (name: FieldName<V> | '_') => {
      focusWanted.current = String(name);
      focusNow();
    },
    [focusNow],
  );

  /**
   * Shows messages from elsewhere (the server's per-field answer) and focuses the first, unless
   * the form moves the focus itself (`focus: false`).
   */
  const setErrors = useCallback(
    (next: Record<string, string>, { focus: focusFirst = true } = {}) => {
      setErrorState(next as FieldErrors<V>);
      const first = Object.keys(next).find((k) => next[k]);
      if (first && focusFirst) focus(first as FieldName<V>);
    },
    [focus],
  );

  // A parent's messages replace the form's when their text changes (it builds a new object at
  // each render), and again after each send (the same answer twice is still an answer); the
  // first of them takes the focus once the page shows them.
  const outsideKey = JSON.stringify(outside ?? {});
  const [outsideSeen, setOutsideSeen] = useState<string | null>(outsideKey);
  const [outsideTurn, setOutsideTurn] = useState(0);
  if (outsideSeen !== outsideKey) {
    setOutsideSeen(outsideKey);
    const shown = Object.entries(outside ?? {}).filter(([, message]) => message);
    if (shown.length > 0) {
      setErrorState(Object.fromEntries(shown) as FieldErrors<V>);
      setOutsideTurn((turn) => turn + 1);
    }
  }
  useEffect(() => {
    const first = Object.entries(outside ?? {}).find(([, message]) => message);
    if (outsideTurn > 0 && first) focus(first[0] as FieldName<V>);
    // Only a new turn moves the focus, not each render of the parent.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [outsideTurn, focus]);

  /**
   * The submit handler: checks the values with the schema, then calls `onValid` with what it
   * parsed (without a schema, the values as they are); a refusal shows the messages, focuses the
   * first and tells `onInvalid` (a form whose messages are toasts rather than under its fields).
   */
  const handleSubmit =
    (
      onValid: (data: z.output<S>) => Promise<void> | void,
      onInvalid?: (errors: Record<string, string>) => void,
    ) =>
    async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      // A second press while the first is on its way (a button only aria-disabled) sends nothing.
      if (submitting) return;
      attempted.current = true;
      const schema = await getSchema();
      const result = schema ? schema.safeParse(values) : { success: true as const, data: values };
      if (!result.success) {
        const errs = fieldErrors(result.error);
        setErrors(errs);
        onInvalid?.(errs);
        return;
      }
      setErrorState({});
      setOutsideSeen(null);
      setSubmitting(true);
      try {
        await onValid(result.data as z.output<S>);
      } catch (error) {
        if (error instanceof ApiError && Object.keys(error.fields).length > 0) {
          setErrors(error.fields);
        }
        throw error;
      } finally {
        setSubmitting(false);
      }
    };

  /**
   * The <form>'s onSubmit: handleSubmit, with nothing left to catch afterwards (a refusal is
   * already on screen, under the fields or in the form's own toast).
   */
  const submitWith =
    (
      onValid: (data: z.output<S>) => Promise<void> | void,
      onInvalid?: (errors: Record<string, string>) => void,
    ) =>
    (event: FormEvent<HTMLFormElement>) =>
      void handleSubmit(onValid, onInvalid)(event).catch(() => undefined);

  /**
   * The <form>'s onSubmit for a form its page's server answers (posted as HTML with or without
   * JavaScript): checked here first, then posted as it is.
   */
  const postWhenValid = (event: FormEvent<HTMLFormElement>) => {
    const element = event.currentTarget;
    submitWith(() => element.submit())(event);
  };

  /** Back to the first values (or these), without messages until the next submit. */
  const reset = useCallback((next?: Partial<V>) => {
    attempted.current = false;
    setValues({ ...initial, ...next });
    setErrorState({});
    // `initial` is a literal at each call site: its identity does not matter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  /** Binds a field component to one of the form's fields; disabled while the form is sent. */
  const field = <N extends FieldName<V>>(name: N): BoundField<N> => {
    const value = getAt(values, name);
    return {
      name,
      value: value === undefined || value === null ? '' : String(value),
      error: errors[name],
      onValue: setValue,
      disabled: submitting,
    };
  };

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
    focus,
    field,
    handleSubmit,
    submitWith,
    postWhenValid,
    reset,
    formProps,
  };
}
