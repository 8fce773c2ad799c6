import type { ComponentType } from 'react';
import type { IconProps } from '../../../components/icons.tsx';
import {
  BoltIcon,
  BoxIcon,
  CarIcon,
  CartIcon,
  FlameIcon,
  HouseIcon,
  SprayIcon,
  TicketIcon,
  UtensilsIcon,
  WifiIcon,
  WrenchIcon,
} from '../../../components/page-icons.tsx';

const categoryIcons: Record<string, ComponentType<IconProps>> = {
  groceries: CartIcon,
  food: UtensilsIcon,
  utilities: BoltIcon,
  electric: BoltIcon,
  gas: FlameIcon,
  rent: HouseIcon,
  internet: WifiIcon,
  transportation: CarIcon,
  dining: UtensilsIcon,
  entertainment: TicketIcon,
  cleaning: SprayIcon,
  maintenance: WrenchIcon,
  other: BoxIcon,
};

/** The category's icon on a tinted tile; decorative (the card says the category in words). */
export function CategoryIcon({ category, small = false }: { category: string; small?: boolean }) {
  const Glyph = categoryIcons[category] ?? BoxIcon;
  return (
    <span
      className={`inline-flex shrink-0 items-center justify-center rounded-xl bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300 ${
        small ? 'size-9' : 'size-11'
      }`}
    >
      <Glyph className={small ? 'size-5' : 'size-6'} />
    </span>
  );
}
