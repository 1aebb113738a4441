import type { TMenuItemTranslations, TOptionGroup } from '@tavolo/contract/menu';

/**
 * The demo restaurant's menu: what a small Roman trattoria would print, in Italian (its working
 * language), with English and German for its guests. Prices in euro cents.
 */

/** Italian first: the working language, which tickets, the board and receipts stay in. */
export const DEMO_LANGUAGES = ['it', 'en', 'de'] as const;

type DemoTranslations = Record<'en' | 'de', { name: string; description: string }>;

export type DemoDish = {
  name: string;
  description: string;
  translations: DemoTranslations;
  priceMinor: number;
  tags: string[];
  allergens: string[];
  prepMinutes: number;
  options?: TOptionGroup[];
  /** How often guests pick it, relative to the other dishes (not stored: it shapes the orders). */
  popularity: number;
  /** Units left today, for a dish made in a batch each morning; absent: not counted. */
  stockCount?: number;
};

export type DemoCategory = {
  name: string;
  description: string;
  translations: DemoTranslations;
  /** Hue of the generated photos' background, so each course has its own warm tone. */
  hue: number;
  /** How likely an order line comes from this course. */
  share: number;
  /** Its dishes' course (PRODUCT.md §10): 0 at once (drinks), 1 starters, 2 mains, 3 desserts. */
  course: number;
  /** The station that makes them. */
  station: DemoStation;
  dishes: DemoDish[];
};

/** The demo's stations: the Kitchen every restaurant has, the bar and the pizza oven. */
export const DEMO_STATIONS = ['Kitchen', 'Bar', 'Pizza'] as const;
export type DemoStation = (typeof DEMO_STATIONS)[number];

/** Every option group's name and its choices' in English and German, by their Italian names. */
const OPTION_TRANSLATIONS: Record<
  string,
  Record<'en' | 'de', { name: string; choices: Record<string, string> }>
> = {
  Impasto: {
    en: {
      name: 'Dough',
      choices: { Classico: 'Classic', Integrale: 'Wholemeal', 'Senza glutine': 'Gluten-free' },
    },
    de: {
      name: 'Teig',
      choices: { Classico: 'Klassisch', Integrale: 'Vollkorn', 'Senza glutine': 'Glutenfrei' },
    },
  },
  Aggiunte: {
    en: {
      name: 'Extra toppings',
      choices: {
        Bufala: 'Buffalo mozzarella',
        'Prosciutto crudo': 'Prosciutto crudo',
        'Olive taggiasche': 'Taggiasca olives',
        "'Nduja": "Spicy 'nduja",
      },
    },
    de: {
      name: 'Extra-Beläge',
      choices: {
        Bufala: 'Büffelmozzarella',
        'Prosciutto crudo': 'Rohschinken',
        'Olive taggiasche': 'Taggiasca-Oliven',
        "'Nduja": "Scharfe 'Nduja",
      },
    },
  },
  Extra: {
    en: {
      name: 'Extras',
      choices: { 'Parmigiano in più': 'Extra Parmesan', 'Tartufo nero': 'Black truffle' },
    },
    de: {
      name: 'Extras',
      choices: { 'Parmigiano in più': 'Extra Parmesan', 'Tartufo nero': 'Schwarzer Trüffel' },
    },
  },
  Cottura: {
    en: {
      name: 'How it’s cooked',
      choices: { 'Al sangue': 'Rare', Media: 'Medium', 'Ben cotta': 'Well done' },
    },
    de: {
      name: 'Garstufe',
      choices: { 'Al sangue': 'Englisch', Media: 'Medium', 'Ben cotta': 'Durchgebraten' },
    },
  },
  Formato: {
    en: { name: 'Size', choices: { Calice: 'Glass', 'Caraffa 0,5 l': 'Carafe, 0.5 l' } },
    de: { name: 'Menge', choices: { Calice: 'Glas', 'Caraffa 0,5 l': 'Karaffe, 0,5 l' } },
  },
  Tipo: {
    en: { name: 'Still or sparkling', choices: { Naturale: 'Still', Frizzante: 'Sparkling' } },
    de: { name: 'Sorte', choices: { Naturale: 'Still', Frizzante: 'Mit Kohlensäure' } },
  },
};

/** A dish's translations as stored: its texts, and its option groups' and choices' by their Italian names. */
export function demoDishTranslations(dish: DemoDish): TMenuItemTranslations {
  const translations: TMenuItemTranslations = {};
  for (const language of ['en', 'de'] as const) {
    const options = Object.fromEntries(
      (dish.options ?? []).map((group) => {
        const translated = OPTION_TRANSLATIONS[group.name]![language];
        return [group.name, { name: translated.name, choices: translated.choices }];
      }),
    );
    translations[language] = {
      ...dish.translations[language],
      ...(Object.keys(options).length > 0 ? { options } : {}),
    };
  }
  return translations;
}

const pizzaOptions: TOptionGroup[] = [
  {
    name: 'Impasto',
    required: true,
    min: 1,
    max: 1,
    choices: [
      { name: 'Classico', priceMinor: 0 },
      { name: 'Integrale', priceMinor: 100 },
      { name: 'Senza glutine', priceMinor: 250 },
    ],
  },
  {
    name: 'Aggiunte',
    required: false,
    min: 0,
    max: 3,
    choices: [
      { name: 'Bufala', priceMinor: 250 },
      { name: 'Prosciutto crudo', priceMinor: 300 },
      { name: 'Olive taggiasche', priceMinor: 100 },
      { name: "'Nduja", priceMinor: 150 },
    ],
  },
];

const pastaExtras: TOptionGroup[] = [
  {
    name: 'Extra',
    required: false,
    min: 0,
    max: 2,
    choices: [
      { name: 'Parmigiano in più', priceMinor: 100 },
      { name: 'Tartufo nero', priceMinor: 400 },
    ],
  },
];

const cottura: TOptionGroup[] = [
  {
    name: 'Cottura',
    required: true,
    min: 1,
    max: 1,
    choices: [
      { name: 'Al sangue', priceMinor: 0 },
      { name: 'Media', priceMinor: 0 },
      { name: 'Ben cotta', priceMinor: 0 },
    ],
  },
];

const wineSize: TOptionGroup[] = [
  {
    name: 'Formato',
    required: true,
    min: 1,
    max: 1,
    choices: [
      { name: 'Calice', priceMinor: 0 },
      { name: 'Caraffa 0,5 l', priceMinor: 900 },
    ],
  },
];

export const DEMO_MENU: readonly DemoCategory[] = [
  {
    name: 'Antipasti',
    description: 'Per cominciare: da dividere al centro del tavolo.',
    translations: {
      en: { name: 'Starters', description: 'To begin with: for sharing in the middle of the table.' },
      de: { name: 'Vorspeisen', description: 'Zum Auftakt: zum Teilen in der Tischmitte.' },
    },
    hue: 28,
    share: 0.14,
    course: 1,
    station: 'Kitchen',
    dishes: [
      {
        name: 'Bruschetta al pomodoro',
        description: 'Pane casereccio tostato, pomodorini, basilico, aglio e olio extravergine.',
        translations: {
          en: {
            name: 'Tomato bruschetta',
            description:
              'Toasted country bread with cherry tomatoes, basil, garlic and extra virgin olive oil.',
          },
          de: {
            name: 'Bruschetta mit Tomaten',
            description:
              'Geröstetes Landbrot mit Kirschtomaten, Basilikum, Knoblauch und nativem Olivenöl extra.',
          },
        },
        priceMinor: 650,
        tags: ['vegan'],
        allergens: ['gluten'],
        prepMinutes: 8,
        popularity: 9,
      },
      {
        name: 'Burrata e acciughe',
        description: 'Burrata pugliese, acciughe del Cantabrico, pane croccante e scorza di limone.',
        translations: {
          en: {
            name: 'Burrata and anchovies',
            description: 'Burrata from Apulia, Cantabrian anchovies, crisp bread and lemon zest.',
          },
          de: {
            name: 'Burrata mit Sardellen',
            description: 'Burrata aus Apulien, kantabrische Sardellen, knuspriges Brot und Zitronenschale.',
          },
        },
        priceMinor: 1200,
        tags: [],
        allergens: ['milk', 'fish', 'gluten'],
        prepMinutes: 6,
        popularity: 5,
      },
      {
        name: 'Supplì al telefono',
        description: 'Riso al sugo con cuore di mozzarella filante, impanato e fritto. Due pezzi.',
        translations: {
          en: {
            name: 'Supplì (Roman rice croquettes)',
            description:
              'Rice in tomato sauce around a heart of stringy mozzarella, breaded and fried. Two pieces.',
          },
          de: {
            name: 'Supplì (römische Reiskroketten)',
            description:
              'Reis in Tomatensauce mit einem Kern aus schmelzendem Mozzarella, paniert und frittiert. Zwei Stück.',
          },
        },
        priceMinor: 600,
        tags: ['vegetarian'],
        allergens: ['gluten', 'milk', 'eggs'],
        prepMinutes: 10,
        popularity: 10,
      },
      {
        name: 'Carciofo alla giudia',
        description: 'Carciofo romanesco fritto due volte, croccante come una rosa.',
        translations: {
          en: {
            name: 'Jewish-style artichoke',
            description: 'A Roman artichoke fried twice, opening up crisp like a rose.',
          },
          de: {
            name: 'Artischocke nach jüdischer Art',
            description: 'Römische Artischocke, zweimal frittiert und knusprig wie eine Rose.',
          },
        },
        priceMinor: 850,
        tags: ['vegan', 'gluten-free'],
        allergens: [],
        prepMinutes: 12,
        popularity: 4,
      },
      {
        name: 'Tagliere della casa',
        description: 'Prosciutto crudo, salame di cinta, pecorino romano, miele e noci.',
        translations: {
          en: {
            name: 'House charcuterie board',
            description: 'Prosciutto crudo, Cinta Senese salami, pecorino romano, honey and walnuts.',
          },
          de: {
            name: 'Aufschnittbrett des Hauses',
            description: 'Rohschinken, Salami vom Cinta-Senese-Schwein, Pecorino Romano, Honig und Walnüsse.',
          },
        },
        priceMinor: 1600,
        tags: [],
        allergens: ['milk', 'nuts'],
        prepMinutes: 7,
        popularity: 6,
      },
      {
        name: 'Fiori di zucca fritti',
        description: 'Ripieni di mozzarella e alice, in pastella leggera.',
        translations: {
          en: {
            name: 'Fried courgette flowers',
            description: 'Stuffed with mozzarella and anchovy, in a light batter.',
          },
          de: {
            name: 'Frittierte Zucchiniblüten',
            description: 'Gefüllt mit Mozzarella und Sardelle, in leichtem Ausbackteig.',
          },
        },
        priceMinor: 900,
        tags: [],
        allergens: ['gluten', 'milk', 'fish'],
        prepMinutes: 10,
        popularity: 5,
      },
      {
        name: 'Polpette al sugo',
        description: 'Polpette di manzo e maiale cotte piano nel pomodoro, con pane per la scarpetta.',
        translations: {
          en: {
            name: 'Meatballs in tomato sauce',
            description: 'Beef and pork meatballs simmered slowly in tomato, with bread to mop up the sauce.',
          },
          de: {
            name: 'Hackbällchen in Tomatensauce',
            description:
              'Hackbällchen aus Rind und Schwein, langsam in Tomatensauce geschmort, mit Brot zum Auftunken.',
          },
        },
        priceMinor: 950,
        tags: [],
        allergens: ['gluten', 'eggs', 'milk'],
        prepMinutes: 9,
        popularity: 6,
      },
    ],
  },
  {
    name: 'Primi',
    description: 'Pasta fresca tirata a mano ogni mattina.',
    translations: {
      en: { name: 'Pasta', description: 'Fresh pasta, rolled out by hand every morning.' },
      de: { name: 'Nudelgerichte', description: 'Frische Pasta, jeden Morgen von Hand ausgerollt.' },
    },
    hue: 40,
    share: 0.26,
    course: 2,
    station: 'Kitchen',
    dishes: [
      {
        name: 'Cacio e pepe',
        description: 'Tonnarelli, pecorino romano DOP e pepe nero tostato al momento.',
        translations: {
          en: {
            name: 'Cacio e pepe',
            description: 'Tonnarelli with PDO pecorino romano and freshly toasted black pepper.',
          },
          de: {
            name: 'Cacio e Pepe',
            description: 'Tonnarelli mit Pecorino Romano g.U. und frisch geröstetem schwarzem Pfeffer.',
          },
        },
        priceMinor: 1300,
        tags: ['vegetarian', 'popular'],
        allergens: ['gluten', 'milk', 'eggs'],
        prepMinutes: 12,
        options: pastaExtras,
        popularity: 12,
      },
      {
        name: 'Carbonara',
        description: 'Rigatoni, guanciale croccante, tuorlo d’uovo, pecorino e pepe.',
        translations: {
          en: {
            name: 'Carbonara',
            description: 'Rigatoni, crisp guanciale, egg yolk, pecorino and black pepper.',
          },
          de: {
            name: 'Carbonara',
            description: 'Rigatoni, knuspriger Guanciale, Eigelb, Pecorino und schwarzer Pfeffer.',
          },
        },
        priceMinor: 1400,
        tags: ['popular'],
        allergens: ['gluten', 'milk', 'eggs'],
        prepMinutes: 12,
        popularity: 14,
      },
      {
        name: 'Amatriciana',
        description: 'Bucatini, guanciale, pomodoro San Marzano e pecorino.',
        translations: {
          en: { name: 'Amatriciana', description: 'Bucatini, guanciale, San Marzano tomatoes and pecorino.' },
          de: { name: 'Amatriciana', description: 'Bucatini, Guanciale, San-Marzano-Tomaten und Pecorino.' },
        },
        priceMinor: 1350,
        tags: ['spicy'],
        allergens: ['gluten', 'milk'],
        prepMinutes: 12,
        popularity: 10,
      },
      {
        name: 'Gricia',
        description: 'Mezze maniche, guanciale e pecorino: la nonna dell’amatriciana.',
        translations: {
          en: {
            name: 'Gricia',
            description: 'Mezze maniche, guanciale and pecorino: the grandmother of the amatriciana.',
          },
          de: {
            name: 'Gricia',
            description: 'Mezze Maniche, Guanciale und Pecorino: die Großmutter der Amatriciana.',
          },
        },
        priceMinor: 1300,
        tags: [],
        allergens: ['gluten', 'milk'],
        prepMinutes: 12,
        popularity: 5,
      },
      {
        name: 'Lasagna della domenica',
        description: 'Sfoglia all’uovo, ragù cotto sei ore, besciamella e parmigiano.',
        translations: {
          en: {
            name: 'Sunday lasagne',
            description: 'Egg pasta, a ragù cooked for six hours, béchamel and Parmesan.',
          },
          de: {
            name: 'Sonntagslasagne',
            description: 'Eierpasta, sechs Stunden geschmortes Ragù, Béchamel und Parmesan.',
          },
        },
        priceMinor: 1500,
        tags: [],
        allergens: ['gluten', 'milk', 'eggs', 'celery'],
        prepMinutes: 8,
        popularity: 7,
      },
      {
        name: 'Ravioli ricotta e spinaci',
        description: 'Al burro e salvia, con una grattata di parmigiano.',
        translations: {
          en: {
            name: 'Ricotta and spinach ravioli',
            description: 'In butter and sage, with a grating of Parmesan.',
          },
          de: {
            name: 'Ravioli mit Ricotta und Spinat',
            description: 'In Salbeibutter, mit frisch geriebenem Parmesan.',
          },
        },
        priceMinor: 1400,
        tags: ['vegetarian'],
        allergens: ['gluten', 'milk', 'eggs'],
        prepMinutes: 10,
        options: pastaExtras,
        popularity: 6,
      },
      {
        name: 'Spaghetti alle vongole',
        description: 'Vongole veraci, aglio, prezzemolo e un filo di peperoncino.',
        translations: {
          en: {
            name: 'Spaghetti with clams',
            description: 'Carpet-shell clams, garlic, parsley and a touch of chilli.',
          },
          de: {
            name: 'Spaghetti mit Venusmuscheln',
            description: 'Venusmuscheln, Knoblauch, Petersilie und ein Hauch Chili.',
          },
        },
        priceMinor: 1700,
        tags: ['spicy'],
        allergens: ['gluten', 'molluscs'],
        prepMinutes: 14,
        popularity: 6,
      },
      {
        name: 'Gnocchi al pomodoro',
        description: 'Gnocchi di patate, pomodoro fresco, basilico e mozzarella di bufala.',
        translations: {
          en: {
            name: 'Gnocchi with tomato',
            description: 'Potato gnocchi, fresh tomato, basil and buffalo mozzarella.',
          },
          de: {
            name: 'Gnocchi mit Tomaten',
            description: 'Kartoffelgnocchi, frische Tomaten, Basilikum und Büffelmozzarella.',
          },
        },
        priceMinor: 1250,
        tags: ['vegetarian'],
        allergens: ['gluten', 'milk'],
        prepMinutes: 10,
        popularity: 5,
      },
    ],
  },
  {
    name: 'Secondi',
    description: 'Carne e pesce, con un contorno di stagione.',
    translations: {
      en: { name: 'Main courses', description: 'Meat and fish, served with a seasonal side.' },
      de: { name: 'Hauptgerichte', description: 'Fleisch und Fisch, mit einer Beilage der Saison.' },
    },
    hue: 14,
    share: 0.14,
    course: 2,
    station: 'Kitchen',
    dishes: [
      {
        name: 'Saltimbocca alla romana',
        description: 'Fettine di vitello, prosciutto crudo e salvia, sfumate al vino bianco.',
        translations: {
          en: {
            name: 'Roman-style saltimbocca',
            description: 'Thin slices of veal with prosciutto and sage, deglazed with white wine.',
          },
          de: {
            name: 'Saltimbocca nach römischer Art',
            description: 'Dünne Kalbsschnitzel mit Rohschinken und Salbei, mit Weißwein abgelöscht.',
          },
        },
        priceMinor: 1800,
        tags: [],
        allergens: ['gluten'],
        prepMinutes: 14,
        popularity: 6,
      },
      {
        name: 'Tagliata di manzo',
        description: 'Controfiletto alla griglia, rucola, pomodorini e scaglie di grana.',
        translations: {
          en: {
            name: 'Sliced beef steak',
            description: 'Grilled sirloin on rocket, with cherry tomatoes and shavings of grana.',
          },
          de: {
            name: 'Tagliata vom Rind',
            description: 'Gegrilltes Roastbeef in Scheiben auf Rucola, mit Kirschtomaten und Grana-Spänen.',
          },
        },
        priceMinor: 2400,
        tags: ['gluten-free'],
        allergens: ['milk'],
        prepMinutes: 16,
        options: cottura,
        popularity: 7,
      },
      {
        name: 'Abbacchio a scottadito',
        description: 'Costolette d’agnello alla brace con patate al rosmarino.',
        translations: {
          en: {
            name: 'Grilled lamb chops',
            description: 'Lamb chops from the embers, with rosemary potatoes.',
          },
          de: {
            name: 'Lammkoteletts vom Grill',
            description: 'Lammkoteletts von der Glut, mit Rosmarinkartoffeln.',
          },
        },
        priceMinor: 2200,
        tags: ['gluten-free'],
        allergens: [],
        prepMinutes: 18,
        popularity: 4,
      },
      {
        name: 'Pollo alla cacciatora',
        description: 'Pollo ruspante in umido con olive, capperi, rosmarino e vino rosso.',
        translations: {
          en: {
            name: 'Hunter’s chicken',
            description: 'Free-range chicken braised with olives, capers, rosemary and red wine.',
          },
          de: {
            name: 'Huhn nach Jägerart',
            description: 'Freilandhuhn, geschmort mit Oliven, Kapern, Rosmarin und Rotwein.',
          },
        },
        priceMinor: 1700,
        tags: ['gluten-free'],
        allergens: ['sulphites'],
        prepMinutes: 12,
        popularity: 5,
      },
      {
        name: 'Filetto di branzino',
        description: 'Al forno con patate, pomodorini e olive taggiasche.',
        translations: {
          en: {
            name: 'Sea bass fillet',
            description: 'Baked with potatoes, cherry tomatoes and Taggiasca olives.',
          },
          de: {
            name: 'Wolfsbarschfilet',
            description: 'Im Ofen gegart, mit Kartoffeln, Kirschtomaten und Taggiasca-Oliven.',
          },
        },
        priceMinor: 2300,
        tags: ['gluten-free'],
        allergens: ['fish'],
        prepMinutes: 16,
        popularity: 5,
      },
      {
        name: 'Parmigiana di melanzane',
        description: 'Melanzane fritte, pomodoro, fiordilatte e basilico, gratinate al forno.',
        translations: {
          en: {
            name: 'Aubergine parmigiana',
            description: 'Fried aubergine, tomato, fior di latte and basil, baked until golden.',
          },
          de: {
            name: 'Auberginen-Parmigiana',
            description: 'Frittierte Auberginen, Tomaten, Fior di Latte und Basilikum, im Ofen überbacken.',
          },
        },
        priceMinor: 1400,
        tags: ['vegetarian'],
        allergens: ['milk', 'gluten'],
        prepMinutes: 10,
        popularity: 6,
      },
    ],
  },
  {
    name: 'Pizze',
    description: 'Impasto a lunga lievitazione, forno a legna.',
    translations: {
      en: { name: 'Pizzas', description: 'Slow-risen dough, baked in a wood-fired oven.' },
      de: { name: 'Pizzen', description: 'Lang gereifter Teig, im Holzofen gebacken.' },
    },
    hue: 20,
    share: 0.22,
    course: 2,
    station: 'Pizza',
    dishes: [
      {
        name: 'Margherita',
        description: 'Pomodoro San Marzano, fiordilatte, basilico e olio extravergine.',
        translations: {
          en: {
            name: 'Margherita',
            description: 'San Marzano tomato, fior di latte, basil and extra virgin olive oil.',
          },
          de: {
            name: 'Margherita',
            description: 'San-Marzano-Tomaten, Fior di Latte, Basilikum und natives Olivenöl extra.',
          },
        },
        priceMinor: 900,
        tags: ['vegetarian', 'popular'],
        allergens: ['gluten', 'milk'],
        prepMinutes: 9,
        options: pizzaOptions,
        popularity: 14,
      },
      {
        name: 'Marinara',
        description: 'Pomodoro, aglio, origano e olio: niente di più.',
        translations: {
          en: { name: 'Marinara', description: 'Tomato, garlic, oregano and olive oil: nothing more.' },
          de: {
            name: 'Marinara',
            description: 'Tomaten, Knoblauch, Oregano und Olivenöl – mehr braucht es nicht.',
          },
        },
        priceMinor: 750,
        tags: ['vegan'],
        allergens: ['gluten'],
        prepMinutes: 8,
        options: pizzaOptions,
        popularity: 4,
      },
      {
        name: 'Diavola',
        description: 'Pomodoro, fiordilatte e salame piccante calabrese.',
        translations: {
          en: { name: 'Diavola', description: 'Tomato, fior di latte and spicy Calabrian salami.' },
          de: { name: 'Diavola', description: 'Tomaten, Fior di Latte und scharfe kalabrische Salami.' },
        },
        priceMinor: 1100,
        tags: ['spicy'],
        allergens: ['gluten', 'milk'],
        prepMinutes: 9,
        options: pizzaOptions,
        popularity: 9,
      },
      {
        name: 'Capricciosa',
        description: 'Prosciutto cotto, funghi, carciofini, olive e uovo.',
        translations: {
          en: { name: 'Capricciosa', description: 'Cooked ham, mushrooms, baby artichokes, olives and egg.' },
          de: {
            name: 'Capricciosa',
            description: 'Kochschinken, Pilze, kleine Artischocken, Oliven und Ei.',
          },
        },
        priceMinor: 1250,
        tags: [],
        allergens: ['gluten', 'milk', 'eggs'],
        prepMinutes: 10,
        options: pizzaOptions,
        popularity: 6,
      },
      {
        name: 'Quattro formaggi',
        description: 'Fiordilatte, gorgonzola, fontina e parmigiano.',
        translations: {
          en: { name: 'Four cheeses', description: 'Fior di latte, gorgonzola, fontina and Parmesan.' },
          de: { name: 'Vier Käse', description: 'Fior di Latte, Gorgonzola, Fontina und Parmesan.' },
        },
        priceMinor: 1200,
        tags: ['vegetarian'],
        allergens: ['gluten', 'milk'],
        prepMinutes: 9,
        options: pizzaOptions,
        popularity: 5,
      },
      {
        name: 'Bufalina',
        description: 'Pomodoro, mozzarella di bufala campana a crudo e basilico.',
        translations: {
          en: {
            name: 'Bufalina',
            description: 'Tomato, Campanian buffalo mozzarella added fresh, and basil.',
          },
          de: {
            name: 'Bufalina',
            description: 'Tomaten, frisch aufgelegter Büffelmozzarella aus Kampanien und Basilikum.',
          },
        },
        priceMinor: 1200,
        tags: ['vegetarian'],
        allergens: ['gluten', 'milk'],
        prepMinutes: 9,
        options: pizzaOptions,
        popularity: 7,
      },
      {
        name: 'Ortolana',
        description: 'Verdure grigliate di stagione, fiordilatte e pesto di basilico.',
        translations: {
          en: {
            name: 'Ortolana (grilled vegetables)',
            description: 'Grilled seasonal vegetables, fior di latte and basil pesto.',
          },
          de: {
            name: 'Ortolana (Grillgemüse)',
            description: 'Gegrilltes Gemüse der Saison, Fior di Latte und Basilikumpesto.',
          },
        },
        priceMinor: 1150,
        tags: ['vegetarian'],
        allergens: ['gluten', 'milk', 'nuts'],
        prepMinutes: 10,
        options: pizzaOptions,
        popularity: 4,
      },
      {
        name: 'Mortadella e pistacchio',
        description: 'Fiordilatte, mortadella di Bologna, crema e granella di pistacchio.',
        translations: {
          en: {
            name: 'Mortadella and pistachio',
            description: 'Fior di latte, mortadella from Bologna, pistachio cream and chopped pistachios.',
          },
          de: {
            name: 'Mortadella und Pistazie',
            description: 'Fior di Latte, Mortadella aus Bologna, Pistaziencreme und gehackte Pistazien.',
          },
        },
        priceMinor: 1400,
        tags: [],
        allergens: ['gluten', 'milk', 'nuts'],
        prepMinutes: 9,
        options: pizzaOptions,
        popularity: 6,
      },
    ],
  },
  {
    name: 'Dolci',
    description: 'Fatti in casa.',
    translations: {
      en: { name: 'Desserts', description: 'Homemade.' },
      de: { name: 'Nachspeisen', description: 'Hausgemacht.' },
    },
    hue: 340,
    share: 0.1,
    course: 3,
    station: 'Kitchen',
    dishes: [
      {
        name: 'Tiramisù',
        description: 'Savoiardi, caffè, mascarpone e cacao amaro.',
        translations: {
          en: { name: 'Tiramisu', description: 'Ladyfingers, coffee, mascarpone and bitter cocoa.' },
          de: { name: 'Tiramisu', description: 'Löffelbiskuits, Kaffee, Mascarpone und herber Kakao.' },
        },
        priceMinor: 650,
        tags: ['vegetarian', 'popular'],
        allergens: ['gluten', 'milk', 'eggs'],
        prepMinutes: 3,
        popularity: 12,
      },
      {
        name: 'Panna cotta ai frutti di bosco',
        description: 'Panna cotta alla vaniglia con coulis di frutti di bosco.',
        translations: {
          en: {
            name: 'Panna cotta with berries',
            description: 'Vanilla panna cotta with a mixed berry coulis.',
          },
          de: { name: 'Panna cotta mit Waldbeeren', description: 'Vanille-Panna-cotta mit Waldbeerensauce.' },
        },
        priceMinor: 600,
        tags: ['vegetarian', 'gluten-free'],
        allergens: ['milk'],
        prepMinutes: 3,
        popularity: 6,
      },
      {
        name: 'Maritozzo con la panna',
        description: 'Il dolce romano: brioche soffice, panna montata fresca.',
        translations: {
          en: {
            name: 'Maritozzo with cream',
            description: 'The Roman sweet: a soft brioche bun filled with fresh whipped cream.',
          },
          de: {
            name: 'Maritozzo mit Sahne',
            description: 'Das römische Gebäck: ein weiches Brioche-Brötchen mit frischer Schlagsahne.',
          },
        },
        priceMinor: 550,
        tags: ['vegetarian'],
        allergens: ['gluten', 'milk', 'eggs'],
        prepMinutes: 4,
        popularity: 5,
        // Filled each morning, a dozen at a time: the kitchen counts what is left.
        stockCount: 12,
      },
      {
        name: 'Torta della nonna',
        description: 'Frolla, crema pasticcera, pinoli e zucchero a velo.',
        translations: {
          en: {
            name: 'Grandma’s tart',
            description: 'Shortcrust pastry, custard, pine nuts and icing sugar.',
          },
          de: {
            name: 'Großmutters Torte',
            description: 'Mürbeteig, Vanillecreme, Pinienkerne und Puderzucker.',
          },
        },
        priceMinor: 600,
        tags: ['vegetarian'],
        allergens: ['gluten', 'milk', 'eggs', 'nuts'],
        prepMinutes: 3,
        popularity: 4,
      },
      {
        name: 'Affogato al caffè',
        description: 'Gelato fiordilatte affogato in un espresso caldo.',
        translations: {
          en: { name: 'Affogato', description: 'Fior di latte ice cream drowned in a hot espresso.' },
          de: {
            name: 'Affogato al caffè',
            description: 'Fior-di-Latte-Eis, übergossen mit heißem Espresso.',
          },
        },
        priceMinor: 500,
        tags: ['vegetarian', 'gluten-free'],
        allergens: ['milk'],
        prepMinutes: 2,
        popularity: 4,
      },
    ],
  },
  {
    name: 'Bevande',
    description: 'Vini del Lazio, birre artigianali e caffè.',
    translations: {
      en: { name: 'Drinks', description: 'Wines from Lazio, craft beers and coffee.' },
      de: { name: 'Getränke', description: 'Weine aus dem Latium, Craft-Biere und Kaffee.' },
    },
    hue: 200,
    share: 0.14,
    course: 0,
    station: 'Bar',
    dishes: [
      {
        name: 'Acqua minerale',
        description: 'Bottiglia da 75 cl.',
        translations: {
          en: { name: 'Mineral water', description: '75 cl bottle.' },
          de: { name: 'Mineralwasser', description: 'Flasche, 0,75 l.' },
        },
        priceMinor: 300,
        tags: ['vegan', 'gluten-free'],
        allergens: [],
        prepMinutes: 1,
        options: [
          {
            name: 'Tipo',
            required: true,
            min: 1,
            max: 1,
            choices: [
              { name: 'Naturale', priceMinor: 0 },
              { name: 'Frizzante', priceMinor: 0 },
            ],
          },
        ],
        popularity: 14,
      },
      {
        name: 'Cesanese del Piglio',
        description: 'Rosso del Lazio, morbido e speziato.',
        translations: {
          en: { name: 'Cesanese del Piglio', description: 'A red from Lazio, soft and spicy.' },
          de: { name: 'Cesanese del Piglio', description: 'Rotwein aus dem Latium, weich und würzig.' },
        },
        priceMinor: 700,
        tags: ['vegan', 'gluten-free'],
        allergens: ['sulphites'],
        prepMinutes: 1,
        options: wineSize,
        popularity: 6,
      },
      {
        name: 'Frascati Superiore',
        description: 'Bianco dei Castelli Romani, fresco e sapido.',
        translations: {
          en: {
            name: 'Frascati Superiore',
            description: 'A white from the Castelli Romani, fresh and savoury.',
          },
          de: {
            name: 'Frascati Superiore',
            description: 'Weißwein aus den Castelli Romani, frisch und mineralisch.',
          },
        },
        priceMinor: 600,
        tags: ['vegan', 'gluten-free'],
        allergens: ['sulphites'],
        prepMinutes: 1,
        options: wineSize,
        popularity: 5,
      },
      {
        name: 'Birra artigianale',
        description: 'Bionda non filtrata da 33 cl.',
        translations: {
          en: { name: 'Craft beer', description: 'Unfiltered blonde ale, 33 cl.' },
          de: { name: 'Craft-Bier', description: 'Helles, unfiltriertes Bier, 0,33 l.' },
        },
        priceMinor: 550,
        tags: ['vegan'],
        allergens: ['gluten'],
        prepMinutes: 1,
        popularity: 7,
      },
      {
        name: 'Spritz',
        description: 'Aperitivo, prosecco, soda e una fetta d’arancia.',
        translations: {
          en: { name: 'Spritz', description: 'Aperitivo, prosecco, soda and a slice of orange.' },
          de: { name: 'Spritz', description: 'Aperitivo, Prosecco, Soda und eine Orangenscheibe.' },
        },
        priceMinor: 800,
        tags: ['vegan', 'gluten-free'],
        allergens: ['sulphites'],
        prepMinutes: 2,
        popularity: 5,
      },
      {
        name: 'Limonata fatta in casa',
        description: 'Limoni di Amalfi, zucchero di canna e menta.',
        translations: {
          en: { name: 'Homemade lemonade', description: 'Amalfi lemons, cane sugar and mint.' },
          de: { name: 'Hausgemachte Limonade', description: 'Amalfi-Zitronen, Rohrzucker und Minze.' },
        },
        priceMinor: 400,
        tags: ['vegan', 'gluten-free'],
        allergens: [],
        prepMinutes: 2,
        popularity: 4,
      },
      {
        name: 'Caffè espresso',
        description: 'Miscela 80% arabica, tostatura media.',
        translations: {
          en: { name: 'Espresso', description: 'An 80% arabica blend, medium roast.' },
          de: { name: 'Espresso', description: 'Mischung mit 80 % Arabica, mittlere Röstung.' },
        },
        priceMinor: 150,
        tags: ['vegan', 'gluten-free'],
        allergens: [],
        prepMinutes: 1,
        popularity: 10,
      },
    ],
  },
];
