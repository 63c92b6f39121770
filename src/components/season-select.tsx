/** The season dropdown: options read '{year} Season'. */
export function SeasonSelect({
  seasons,
  value,
  onChange,
}: {
  seasons: readonly string[];
  value: string;
  onChange: (season: string) => void;
}) {
  return (
    <label className="season-select">
      <span className="visually-hidden">Season</span>
      <select value={value} onChange={(event) => onChange(event.target.value)}>
        {seasons.map((season) => (
          <option key={season} value={season}>
            {season} Season
          </option>
        ))}
      </select>
    </label>
  );
}
