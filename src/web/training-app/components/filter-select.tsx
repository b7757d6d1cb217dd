type FilterSelectProps = {
  id: string;
  label: string;
  /** The first option, which filters nothing (value ''). */
  allLabel: string;
  options: Array<{ value: string; label: string }>;
  value: string;
  onChange: (value: string) => void;
  /** The wrapper's class: each toolbar lays its fields out its own way. */
  className: string;
};

/** One filter of a list's search toolbar: a label above a plain select, 「すべて…」 first. */
export function FilterSelect({ id, label, allLabel, options, value, onChange, className }: FilterSelectProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className="list-toolbar__label">
        {label}
      </label>
      <select id={id} className="input list-toolbar__select" value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{allLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
