import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { ErrorCard } from '../components/error-card.tsx';
import { buttonStyles } from '../components/ui.ts';
import { type MessageId, useT } from '../lib/i18n.tsx';
import { forgetFailedScreens } from './lazy-screen.tsx';

interface Props {
  /** The address shown: another address starts afresh. */
  pathname: string;
  children: ReactNode;
}

interface State {
  failed: boolean;
  pathname: string;
}

/**
 * A screen that could not render, above all one whose code did not download (a dropped
 * connection on a first visit): the frame and the bottom bar stay in reach, and the screen says
 * so and offers to try again, instead of a blank page or a picture nothing can be done with.
 */
class ScreenErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false, pathname: this.props.pathname };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.pathname === state.pathname ? null : { failed: false, pathname: props.pathname };
  }

  // React logs the error itself (console.error).
  override componentDidCatch(): void {
    forgetFailedScreens();
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return <LoadFailed title="shell.screenError.title" onRetry={() => this.setState({ failed: false })} />;
  }
}

/** What could not load (a screen, the household), with Try again, in place of the screen. */
export function LoadFailed({ title, onRetry }: { title: MessageId; onRetry: () => void }) {
  const t = useT();
  return (
    <div className="flex min-h-[70dvh] flex-col items-center justify-center gap-4 px-6">
      <ErrorCard title={t(title)} message={t('shell.screenError.text')} />
      <button type="button" className={buttonStyles.secondary} onClick={onRetry}>
        {t('shell.screenError.retry')}
      </button>
    </div>
  );
}

/** The screens, each behind ScreenErrorBoundary; another address starts afresh. */
export function ScreenBoundary({ children }: { children: ReactNode }) {
  return <ScreenErrorBoundary pathname={useLocation().pathname}>{children}</ScreenErrorBoundary>;
}
