import type { Language } from '@tavolo/contract/languages';
import type { TPaymentMethod } from '@tavolo/contract/orders';

/**
 * A receipt's words in the restaurant's working language (PRODUCT.md §11): the printed receipt, its
 * PDF and the e-mail that carries it. Here, below the receipts module, because the printer's
 * receipt is encoded in this module, which may not import the modules above it. `{number}`, `{n}`,
 * `{list}`, `{taxId}`, `{phone}`, `{method}`, `{seller}`, `{date}`, `{total}` and `{receipt}` are
 * filled in where the words are used.
 */
export type ReceiptLabels = {
  receipt: string;
  creditNote: string;
  number: string;
  /** Under a credit note's number: the receipt it gives money back for. */
  creditFor: string;
  taxId: string;
  phone: string;
  table: string;
  order: string;
  orders: string;
  /** Instead of the lines, when a payment paid a share or an amount of the bill. */
  partOfBill: string;
  serviceCharge: string;
  /** The lines at their menu price, before discounts and the service charge. */
  items: string;
  discounts: string;
  /** The tax table's columns. */
  rate: string;
  net: string;
  tax: string;
  /** The tax table's last row: the rates added up. */
  sum: string;
  total: string;
  tip: string;
  /** The total with the tip, when there is one. */
  totalPaid: string;
  payment: string;
  methods: Record<TPaymentMethod, string>;
  pricesIncludeTax: string;
  pricesExcludeTax: string;
  thanks: string;
  emailReceiptSubject: string;
  emailCreditNoteSubject: string;
  emailReceiptText: string;
  emailCreditNoteText: string;
};

export const RECEIPT_LABELS: Record<Language, ReceiptLabels> = {
  en: {
    receipt: 'Receipt',
    creditNote: 'Credit note',
    number: 'No. {number}',
    creditFor: 'For receipt No. {receipt}',
    taxId: 'VAT No. {taxId}',
    phone: 'Tel. {phone}',
    table: 'Table {n}',
    order: 'Order {list}',
    orders: 'Orders {list}',
    partOfBill: 'Share of the bill',
    serviceCharge: 'Service charge',
    items: 'Subtotal',
    discounts: 'Discounts',
    rate: 'Rate',
    net: 'Net',
    tax: 'VAT',
    sum: 'Total',
    total: 'Total',
    tip: 'Tip',
    totalPaid: 'Total paid',
    payment: 'Payment: {method}',
    methods: { cash: 'Cash', card: 'Card', transfer: 'Bank transfer', online: 'Online' },
    pricesIncludeTax: 'Prices include VAT',
    pricesExcludeTax: 'Prices exclude VAT',
    thanks: 'Thank you!',
    emailReceiptSubject: 'Your receipt {number} from {seller}',
    emailCreditNoteSubject: 'Your credit note {number} from {seller}',
    emailReceiptText:
      'Thank you for your visit. Your receipt {number} of {date} for {total} is attached as a PDF.',
    emailCreditNoteText:
      'Your credit note {number} of {date} for {total}, for receipt {receipt}, is attached as a PDF.',
  },
  it: {
    receipt: 'Scontrino',
    creditNote: 'Nota di credito',
    number: 'N. {number}',
    creditFor: 'Relativa allo scontrino n. {receipt}',
    taxId: 'P. IVA {taxId}',
    phone: 'Tel. {phone}',
    table: 'Tavolo {n}',
    order: 'Comanda {list}',
    orders: 'Comande {list}',
    partOfBill: 'Quota del conto',
    serviceCharge: 'Servizio',
    items: 'Subtotale',
    discounts: 'Sconti',
    rate: 'Aliquota',
    net: 'Imponibile',
    tax: 'IVA',
    sum: 'Totale',
    total: 'Totale',
    tip: 'Mancia',
    totalPaid: 'Totale pagato',
    payment: 'Pagamento: {method}',
    methods: { cash: 'Contanti', card: 'Carta', transfer: 'Bonifico', online: 'Online' },
    pricesIncludeTax: 'Prezzi IVA inclusa',
    pricesExcludeTax: 'Prezzi IVA esclusa',
    thanks: 'Grazie!',
    emailReceiptSubject: 'Il tuo scontrino {number} di {seller}',
    emailCreditNoteSubject: 'La tua nota di credito {number} di {seller}',
    emailReceiptText:
      'Grazie per la visita. In allegato trovi in PDF lo scontrino {number} del {date}, dell’importo di {total}.',
    emailCreditNoteText:
      'In allegato trovi in PDF la nota di credito {number} del {date}, dell’importo di {total}, relativa allo scontrino {receipt}.',
  },
  es: {
    receipt: 'Recibo',
    creditNote: 'Nota de abono',
    number: 'N.º {number}',
    creditFor: 'Rectifica el recibo n.º {receipt}',
    taxId: 'NIF {taxId}',
    phone: 'Tel. {phone}',
    table: 'Mesa {n}',
    order: 'Pedido {list}',
    orders: 'Pedidos {list}',
    partOfBill: 'Parte de la cuenta',
    serviceCharge: 'Servicio',
    items: 'Subtotal',
    discounts: 'Descuentos',
    rate: 'Tipo',
    net: 'Base',
    tax: 'IVA',
    sum: 'Total',
    total: 'Total',
    tip: 'Propina',
    totalPaid: 'Total pagado',
    payment: 'Pago: {method}',
    methods: { cash: 'Efectivo', card: 'Tarjeta', transfer: 'Transferencia', online: 'En línea' },
    pricesIncludeTax: 'Precios con IVA incluido',
    pricesExcludeTax: 'Precios sin IVA',
    thanks: '¡Gracias!',
    emailReceiptSubject: 'Tu recibo {number} de {seller}',
    emailCreditNoteSubject: 'Tu nota de abono {number} de {seller}',
    emailReceiptText:
      'Gracias por tu visita. Te adjuntamos en PDF tu recibo {number} del {date}, por {total}.',
    emailCreditNoteText:
      'Te adjuntamos en PDF tu nota de abono {number} del {date}, por {total}, que rectifica el recibo {receipt}.',
  },
  de: {
    receipt: 'Beleg',
    creditNote: 'Gutschrift',
    number: 'Nr. {number}',
    creditFor: 'Zu Beleg Nr. {receipt}',
    taxId: 'USt-IdNr. {taxId}',
    phone: 'Tel. {phone}',
    table: 'Tisch {n}',
    order: 'Bestellung {list}',
    orders: 'Bestellungen {list}',
    partOfBill: 'Anteil an der Rechnung',
    serviceCharge: 'Servicezuschlag',
    items: 'Zwischensumme',
    discounts: 'Rabatte',
    rate: 'Satz',
    net: 'Netto',
    tax: 'MwSt.',
    sum: 'Summe',
    total: 'Summe',
    tip: 'Trinkgeld',
    totalPaid: 'Bezahlt',
    payment: 'Zahlung: {method}',
    methods: { cash: 'Bar', card: 'Karte', transfer: 'Überweisung', online: 'Online' },
    pricesIncludeTax: 'Preise inkl. MwSt.',
    pricesExcludeTax: 'Preise zzgl. MwSt.',
    thanks: 'Vielen Dank!',
    emailReceiptSubject: 'Ihr Beleg {number} von {seller}',
    emailCreditNoteSubject: 'Ihre Gutschrift {number} von {seller}',
    emailReceiptText:
      'Vielen Dank für Ihren Besuch. Im Anhang finden Sie Ihren Beleg {number} vom {date} über {total} als PDF.',
    emailCreditNoteText:
      'Im Anhang finden Sie Ihre Gutschrift {number} vom {date} über {total} zu Beleg {receipt} als PDF.',
  },
  fr: {
    receipt: 'Reçu',
    creditNote: 'Avoir',
    number: 'N° {number}',
    creditFor: 'Relatif au reçu n° {receipt}',
    taxId: 'N° TVA {taxId}',
    phone: 'Tél. {phone}',
    table: 'Table {n}',
    order: 'Commande {list}',
    orders: 'Commandes {list}',
    partOfBill: "Part de l'addition",
    serviceCharge: 'Service',
    items: 'Sous-total',
    discounts: 'Remises',
    rate: 'Taux',
    net: 'HT',
    tax: 'TVA',
    sum: 'Total',
    total: 'Total TTC',
    tip: 'Pourboire',
    totalPaid: 'Total payé',
    payment: 'Paiement : {method}',
    methods: { cash: 'Espèces', card: 'Carte', transfer: 'Virement', online: 'En ligne' },
    pricesIncludeTax: 'Prix TTC',
    pricesExcludeTax: 'Prix HT',
    thanks: 'Merci !',
    emailReceiptSubject: 'Votre reçu {number} de {seller}',
    emailCreditNoteSubject: 'Votre avoir {number} de {seller}',
    emailReceiptText:
      'Merci de votre visite. Vous trouverez en pièce jointe votre reçu {number} du {date}, d’un montant de {total}, au format PDF.',
    emailCreditNoteText:
      'Vous trouverez en pièce jointe votre avoir {number} du {date}, d’un montant de {total}, relatif au reçu {receipt}, au format PDF.',
  },
};

/** How each language writes dates and amounts: a 24-hour clock, day before month. */
export const RECEIPT_LOCALES: Record<Language, string> = {
  en: 'en-GB',
  it: 'it-IT',
  es: 'es-ES',
  de: 'de-DE',
  fr: 'fr-FR',
};
