/** About, Events and Contact: SPEC 2 says their content is not shown. */
export function Placeholder({ title }: { title: string }) {
  return (
    <section className="page">
      <h1>{title}</h1>
      <p>Coming soon.</p>
    </section>
  );
}
