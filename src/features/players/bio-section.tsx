/** A person's bio (a player's, a coach's) under its heading; nothing when there is none. */
export function BioSection({ id, bio }: { id: string; bio: string }) {
  const text = bio.trim();
  if (!text) return null;
  return (
    <section className="card player-section" aria-labelledby={id}>
      <h2 id={id}>Bio</h2>
      <p className="player-bio">{text}</p>
    </section>
  );
}
