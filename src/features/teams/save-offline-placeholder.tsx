/** The 'Save for offline' row before the saved copy's age is known: its size, not yet usable. */
export function SaveOfflinePlaceholder() {
  return (
    <div className="team-offline">
      <button type="button" className="button button-secondary team-offline-button" disabled>
        Save for offline
      </button>
      <span className="team-offline-note" role="status" />
    </div>
  );
}
