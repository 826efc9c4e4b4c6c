/** A background meteor animation of 25 elements. */
export const METEOR_COUNT = 25;

export function Meteors() {
  return (
    <div className="meteors" aria-hidden="true">
      {Array.from({ length: METEOR_COUNT }, (_, i) => (
        <span
          key={i}
          className="meteor"
          style={{ left: `${(i * 37) % 100}%`, animationDelay: `${(i * 0.37) % 5}s`, animationDuration: `${3 + (i % 5)}s` }}
        />
      ))}
    </div>
  );
}
