import { AutoComplete } from 'antd';
import { useEffect, useState } from 'react';

export interface ExactValueInputProps {
  value: string;
  onChange(value: string): void;
  suggestions: readonly string[];
  placeholder: string;
  label: string;
}

/**
 * A filter that takes an exact value (a brand, a category): typed freely or picked from the
 * suggestions; it applies on Enter, on a pick, on leaving the field or on clearing.
 */
export function ExactValueInput({ value, onChange, suggestions, placeholder, label }: ExactValueInputProps) {
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  const commit = (next: string) => {
    if (next.trim() !== value) onChange(next.trim());
  };
  const needle = draft.trim().toLowerCase();
  const options = suggestions
    .filter((s) => !needle || s.toLowerCase().includes(needle))
    .slice(0, 50)
    .map((s) => ({ value: s }));

  return (
    <AutoComplete
      allowClear
      value={draft}
      options={options}
      placeholder={placeholder}
      aria-label={label}
      style={{ width: 180 }}
      onChange={(next: string | undefined) => {
        setDraft(next ?? '');
        if (!next) commit('');
      }}
      onSelect={(next: string | undefined) => {
        setDraft(next ?? '');
        commit(next ?? '');
      }}
      onBlur={() => commit(draft)}
      onInputKeyDown={(event) => {
        if (event.key === 'Enter') commit(draft);
      }}
    />
  );
}
