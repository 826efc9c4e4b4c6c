import { Link } from './Link';
import { getUserInfo } from '../web/session';

/** Guest links of SPEC 2 "Navigation"; signed-in visitors get the way back to the admin. */
export function Header() {
  const signedIn = getUserInfo() !== null;
  return (
    <header className="site-header">
      <Link to="/" className="site-brand">
        Back Office
      </Link>
      <nav className="site-nav">
        <Link to="/about">About</Link>
        <Link to="/events">Events</Link>
        <Link to="/contact">Contact</Link>
        {signedIn ? <Link to="/admin">Admin</Link> : <Link to="/admin/login">Login</Link>}
      </nav>
    </header>
  );
}
