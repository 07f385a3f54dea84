'use client';

import { useCallback, useRef, useState } from 'react';
import { useServerText } from '@/components/common/use-field-rule';

/** A field's check: the key of its message (lib/contract/rules, messages/*.json), or null when the value passes. */
export type PlainCheck<V> = (value: string, values: V) => string | null;

/**
 * The state of a plain form (the sign-in pages carry no form library): values, each field's
 * message in the page's language, checks run as a field changes (SPEC.md: on change), fields
 * whose checks read another field checked again when it changes, and a 422 answer's messages
 * shown on their fields.
 */
export function usePlainForm<V extends Record<string, string>>(
  initial: V,
  checks: { [K in keyof V]?: PlainCheck<V> },
  dependents: { [K in keyof V]?: (keyof V)[] } = {},
) {
  const text = useServerText();
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof V, string>>>({});
  const latest = useRef(values);
  latest.current = values;
  // A field's last check wins over one still translating its message.
  const turns = useRef<Partial<Record<keyof V, number>>>({});

  const show = useCallback(async (name: keyof V, key: string | null) => {
    const turn = (turns.current[name] ?? 0) + 1;
    turns.current[name] = turn;
    const message = key ? await text(key) : undefined;
    if (turns.current[name] === turn) setErrors((all) => ({ ...all, [name]: message }));
    return message === undefined;
  }, [text]);

  const check = useCallback((name: keyof V, all: V) => show(name, checks[name]?.(all[name] ?? '', all) ?? null), [checks, show]);

  /** Checks the named fields (all that have checks when none are named); their values when every one passes. */
  const validate = useCallback(async (names?: (keyof V)[]): Promise<V | null> => {
    const all = latest.current;
    const fields = names ?? (Object.keys(checks) as (keyof V)[]).filter((name) => checks[name]);
    const passed = await Promise.all(fields.map((name) => check(name, all)));
    return passed.every(Boolean) ? all : null;
  }, [checks, check]);

  /** Sets values without checking them (e.g. a remembered username). */
  const assign = useCallback((next: Partial<V>) => {
    const all = { ...latest.current, ...next };
    latest.current = all;
    setValues(all);
    return all;
  }, []);

  const set = useCallback((name: keyof V, value: string) => {
    const all = assign({ [name]: value } as Partial<V>);
    void check(name, all);
    for (const other of dependents[name] ?? []) if (all[other] !== '' || errors[other]) void check(other, all);
  }, [assign, check, dependents, errors]);

  /** A 422 answer's field messages (keys, with their values if any) on their fields. */
  const showAnswer = useCallback(async (fields: Record<string, string>) => {
    const shown = await Promise.all(Object.entries(fields).map(async ([name, message]) => [name, await text(message)] as const));
    setErrors((all) => ({ ...all, ...Object.fromEntries(shown) }));
  }, [text]);

  /** The props of a field's input: its value, its message and its change. */
  const field = (name: keyof V & string) => ({ id: name, value: values[name], error: errors[name], onChange: (value: string) => set(name, value) });

  return { assign, validate, showAnswer, field };
}
