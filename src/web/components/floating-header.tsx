import { Link } from 'react-router';
import { useScrolled } from '../lib/use-scrolled.ts';
import { ChevronLeftIcon } from './icons.tsx';
import { buttonStyles, mutedText } from './ui.ts';

/**
 * A page's title with its back link, floating above the page: it gains a background and a
 * shadow once the page has scrolled `threshold` pixels (docs/screens.md, Create screens).
 */
export function FloatingHeader({
  title,
  subtitle,
  back,
  threshold,
}: {
  title: string;
  subtitle?: string;
  back: { to: string; label: string };
  threshold: 10 | 20;
}) {
  const scrolled = useScrolled(threshold);
  return (
    <header
      data-scrolled={scrolled}
      className={`sticky top-0 z-30 -mx-5 px-5 py-4 transition-shadow ${
        scrolled ? 'bg-white/95 shadow-md backdrop-blur dark:bg-slate-900/95' : 'bg-transparent'
      }`}
    >
      <div className="flex items-center gap-2">
        <Link to={back.to} aria-label={back.label} className={`${buttonStyles.icon} -ml-2`}>
          <ChevronLeftIcon className="size-6" />
        </Link>
        <div className="min-w-0">
          <h1 className="font-bold text-2xl tracking-tight">{title}</h1>
          {subtitle !== undefined && <p className={`truncate ${mutedText}`}>{subtitle}</p>}
        </div>
      </div>
    </header>
  );
}
