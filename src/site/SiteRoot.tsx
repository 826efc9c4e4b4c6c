import './site.css';
import { Header } from './Header';
import { useLocationPath } from './useLocationPath';
import { Home } from './pages/Home';
import { Placeholder } from './pages/Placeholder';
import { NotFound } from './pages/NotFound';

const PAGES: Record<string, () => React.JSX.Element> = {
  '/': () => <Home />,
  '/about': () => <Placeholder title="About" />,
  '/events': () => <Placeholder title="Events" />,
  '/contact': () => <Placeholder title="Contact" />,
};

export default function SiteRoot() {
  const path = useLocationPath();
  const page = PAGES[path.replace(/\/+$/, '') || '/'];
  return (
    <div className="site">
      <Header />
      <main>{page ? page() : <NotFound />}</main>
    </div>
  );
}
