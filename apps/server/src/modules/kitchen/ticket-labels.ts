import type { Language } from '@tavolo/contract/languages';
import { DEFAULT_TICKET_LABELS, type TicketLabels } from '../printing/ticket-encoding';

/**
 * A printed ticket's words in the restaurant's working language: tickets stay in the kitchen's
 * language whatever the guest read (PRODUCT.md §12). `{n}`, `{time}`, `{name}` and `{note}` are
 * filled in by the encoder.
 */
export const TICKET_LABELS: Record<Language, TicketLabels> = {
  en: DEFAULT_TICKET_LABELS,
  it: {
    reprint: 'RISTAMPA',
    table: 'Tavolo {n}',
    order: 'Comanda n. {n}',
    atOnce: 'Subito',
    starters: 'Antipasti',
    mains: 'Secondi',
    desserts: 'Dolci',
    course: 'Portata {n}',
    fired: 'Inviata {time}',
    takenBy: 'Cameriere: {name}',
    seat: 'Posto {n}',
    lineNote: 'Nota: {note}',
    orderNote: 'Nota comanda: {note}',
    void: 'STORNO',
  },
  es: {
    reprint: 'REIMPRESIÓN',
    table: 'Mesa {n}',
    order: 'Comanda n.º {n}',
    atOnce: 'Al momento',
    starters: 'Entrantes',
    mains: 'Principales',
    desserts: 'Postres',
    course: 'Tiempo {n}',
    fired: 'Marchado {time}',
    takenBy: 'Camarero: {name}',
    seat: 'Asiento {n}',
    lineNote: 'Nota: {note}',
    orderNote: 'Nota de la comanda: {note}',
    void: 'ANULADO',
  },
  de: {
    reprint: 'NACHDRUCK',
    table: 'Tisch {n}',
    order: 'Bon Nr. {n}',
    atOnce: 'Sofort',
    starters: 'Vorspeisen',
    mains: 'Hauptgerichte',
    desserts: 'Desserts',
    course: 'Gang {n}',
    fired: 'Abgerufen {time}',
    takenBy: 'Bedienung: {name}',
    seat: 'Platz {n}',
    lineNote: 'Notiz: {note}',
    orderNote: 'Bon-Notiz: {note}',
    void: 'STORNO',
  },
  fr: {
    reprint: 'RÉIMPRESSION',
    table: 'Table {n}',
    order: 'Bon n° {n}',
    atOnce: 'Tout de suite',
    starters: 'Entrées',
    mains: 'Plats',
    desserts: 'Desserts',
    course: 'Service {n}',
    fired: 'Envoyé {time}',
    takenBy: 'Serveur : {name}',
    seat: 'Place {n}',
    lineNote: 'Note : {note}',
    orderNote: 'Note du bon : {note}',
    void: 'ANNULÉ',
  },
};

/** The fired time as the working language writes it (24-hour clock). */
export const TICKET_LOCALES: Record<Language, string> = {
  en: 'en-GB',
  it: 'it-IT',
  es: 'es-ES',
  de: 'de-DE',
  fr: 'fr-FR',
};
