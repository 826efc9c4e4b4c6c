export function NotFound() {
  return (
    <section className="page">
      <h1>404 - Not Found</h1>
      <a className="button" href="/kiosk">
        GO TO SHOP
      </a>
    </section>
  );
}
