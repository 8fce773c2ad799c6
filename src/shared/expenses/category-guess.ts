/**
 * A new expense's category, guessed from its title while the member has not chosen one
 * (docs/expenses.md, Categories): words of the app's languages (English, German, Spanish) and a
 * few well-known names, matched at the start of a word (a short word as a whole word, or its
 * plural). Nothing matches: Other, never a category the title does not speak of.
 */
import type { EXPENSE_CATEGORIES } from './rules.ts';

type Category = (typeof EXPENSE_CATEGORIES)[number];

// In order of precedence: 'rent for the internet' is rent, 'dinner taxi' is transport.
const WORDS: [Category, string[]][] = [
  [
    'rent',
    ['rent', 'deposit', 'landlord', 'miete', 'kaution', 'vermieter', 'alquiler', 'fianza', 'casero', 'renta'],
  ],
  [
    'utilities',
    [
      'electric',
      'power bill',
      'energy',
      'water',
      'gas bill',
      'heating',
      'council tax',
      'utilit',
      'strom',
      'wasser',
      'heizung',
      'nebenkosten',
      'gasrechnung',
      'energie',
      'luz',
      'electricidad',
      'agua',
      'calefacci',
      'factura del gas',
      'suministro',
    ],
  ],
  [
    'internet',
    [
      'internet',
      'wifi',
      'wi-fi',
      'broadband',
      'router',
      'phone',
      'mobile plan',
      'netflix',
      'spotify',
      'disney',
      'streaming',
      'wlan',
      'handy',
      'telefon',
      'móvil',
      'movil',
      'fibra',
      'teléfono',
    ],
  ],
  [
    'transportation',
    [
      'taxi',
      'uber',
      'lyft',
      'train',
      'bus',
      'metro',
      'tram',
      'fuel',
      'petrol',
      'diesel',
      'parking',
      'flight',
      'car',
      'bahn',
      'zug',
      'tanken',
      'benzin',
      'parken',
      'fahrkarte',
      'tren',
      'gasolina',
      'aparcamiento',
      'billete',
      'vuelo',
      'coche',
    ],
  ],
  [
    'dining',
    [
      'dinner',
      'lunch',
      'breakfast',
      'brunch',
      'restaurant',
      'pizza',
      'takeaway',
      'take-away',
      'takeout',
      'delivery',
      'coffee',
      'cafe',
      'café',
      'bar',
      'drinks',
      'sushi',
      'burger',
      'kebab',
      'abendessen',
      'mittagessen',
      'frühstück',
      'essen gehen',
      'lieferando',
      'kaffee',
      'cena',
      'almuerzo',
      'desayuno',
      'restaurante',
      'comida a domicilio',
      'copas',
    ],
  ],
  [
    'entertainment',
    [
      'movie',
      'cinema',
      'film',
      'concert',
      'ticket',
      'game',
      'party',
      'museum',
      'theatre',
      'theater',
      'kino',
      'konzert',
      'spiel',
      'feier',
      'cine',
      'concierto',
      'entrada',
      'juego',
      'fiesta',
    ],
  ],
  [
    'cleaning',
    [
      'cleaning',
      'cleaner',
      'detergent',
      'soap',
      'toilet paper',
      'bin bags',
      'laundry',
      'vacuum',
      'putzmittel',
      'putzen',
      'putzfrau',
      'reinigung',
      'waschmittel',
      'spülmittel',
      'klopapier',
      'limpieza',
      'detergente',
      'jabón',
      'papel higiénico',
      'lavander',
    ],
  ],
  [
    'maintenance',
    [
      'repair',
      'plumber',
      'fix',
      'maintenance',
      'paint',
      'light bulb',
      'bulb',
      'hardware',
      'tools',
      'boiler',
      'reparatur',
      'klempner',
      'handwerker',
      'glühbirne',
      'baumarkt',
      'farbe',
      'reparación',
      'reparacion',
      'fontanero',
      'bombilla',
      'pintura',
      'ferretería',
    ],
  ],
  [
    'groceries',
    [
      'grocer',
      'supermarket',
      'food shop',
      'food',
      'market',
      'milk',
      'bread',
      'fruit',
      'vegetables',
      'aldi',
      'lidl',
      'tesco',
      'sainsbury',
      'asda',
      'rewe',
      'edeka',
      'mercadona',
      'carrefour',
      'walmart',
      'costco',
      'lebensmittel',
      'einkauf',
      'supermarkt',
      'markt',
      'supermercado',
      'compra',
      'mercado',
      'comestibles',
    ],
  ],
];

const isLetter = (char: string | undefined) => char !== undefined && /\p{L}/u.test(char);

/** Short words match only whole or as plurals ('bus', 'buses', not 'business'); longer ones as a word's start. */
const SHORT = 4;

function mentions(text: string, word: string): boolean {
  for (let at = text.indexOf(word); at >= 0; at = text.indexOf(word, at + 1)) {
    if (isLetter(text[at - 1])) continue;
    if (word.length > SHORT) return true;
    const rest = text.slice(at + word.length).match(/^\p{L}*/u)![0];
    if (rest === '' || rest === 's' || rest === 'es') return true;
  }
  return false;
}

/** The category a title speaks of, or Other. */
export function guessCategory(title: string): Category {
  const text = title.toLocaleLowerCase().normalize('NFC').trim();
  if (text === '') return 'other';
  for (const [category, words] of WORDS) if (words.some((word) => mentions(text, word))) return category;
  return 'other';
}
