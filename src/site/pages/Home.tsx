import { Meteors } from '../Meteors';
import { useProfileTile } from '../useProfileTile';

export function Home() {
  const profileTile = useProfileTile();
  return (
    <section className="home">
      <Meteors />
      <h1 className="home-title">Welcome</h1>
      <p className="home-lead">Experiences, events and more.</p>
      {profileTile && (
        <a className="tile" href="/admin/account/profile">
          User Profile
        </a>
      )}
    </section>
  );
}
