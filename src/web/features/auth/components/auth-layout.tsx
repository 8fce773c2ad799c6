import type { ReactNode } from 'react';
import { Brand } from '../../../components/brand.tsx';
import { cardStyles, mutedText } from '../../../components/ui.ts';

/** The frame of the signed-out account screens: the brand, a title and line, a card, a way on. */
export function AuthLayout({
  title,
  subtitle,
  footer,
  children,
}: {
  title: string;
  subtitle: string;
  footer: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-6 px-5 pt-6 pb-10">
      <header>
        <Brand />
      </header>
      <div className="space-y-2">
        <h1 className="font-bold text-3xl tracking-tight">{title}</h1>
        <p className={mutedText}>{subtitle}</p>
      </div>
      <div className={cardStyles}>{children}</div>
      <p className={`text-center ${mutedText}`}>{footer}</p>
    </div>
  );
}
