import { Link } from 'react-router';
import { buttonStyles, mutedText } from '../components/ui.ts';

export function NotFoundPage() {
  return (
    <div className="flex min-h-[70dvh] flex-col items-center justify-center gap-4 px-6 text-center">
      <p className="font-bold text-5xl text-blue-700 dark:text-blue-300" aria-hidden="true">
        404
      </p>
      <h1 className="font-bold text-2xl">Page Not Found</h1>
      <p className={mutedText}>The page you are looking for does not exist or has moved.</p>
      <Link to="/" className={buttonStyles.primary}>
        Go Home
      </Link>
    </div>
  );
}
