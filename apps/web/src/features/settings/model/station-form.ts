import { type TStation, type TStationRequest, ZStationRequest } from '@tavolo/contract/kitchen';
import { DEFAULT_PRINTER_PORT } from '@tavolo/contract/values/kitchen';
import { z } from 'zod';

/*
 * A station's form holds what people type (the port as text, the printer as a switch and its
 * address); the rules are the contract's. Its messages stay the contract's predicates: the field
 * shows them in the person's language (formatFieldError).
 */

const ZStationFormShape = z.object({
  name: z.string(),
  /** Whether tickets are printed; the address is kept while switched off, in case it comes back on. */
  hasPrinter: z.boolean(),
  host: z.string(),
  port: z.string(),
});

export type StationFormValues = z.input<typeof ZStationFormShape>;

/** The form's inputs: a printer's address and port are two inputs, not `printer.host` and `printer.port`. */
export type StationFormField = 'name' | 'host' | 'port';

/** The form's input a contract or server field is shown at, or undefined when it has none. */
export function findStationFormField(serverField: string): StationFormField | undefined {
  if (serverField === 'name') return 'name';
  if (serverField === 'printer.host' || serverField === 'host') return 'host';
  if (serverField === 'printer.port' || serverField === 'port') return 'port';
  return undefined;
}

/** What the form starts with: the station's values, or a new one without a printer. */
export function toStationFormValues(station?: TStation | null): StationFormValues {
  return {
    name: station?.name ?? '',
    hasPrinter: Boolean(station?.printer),
    host: station?.printer?.host ?? '',
    port: String(station?.printer?.port ?? DEFAULT_PRINTER_PORT),
  };
}

/** The request as the values say it; the contract then checks it. An empty port is the default one. */
function draftStationRequest(values: StationFormValues): Record<string, unknown> {
  const port = values.port.trim();
  return {
    name: values.name,
    printer: values.hasPrinter ? { host: values.host, ...(port === '' ? {} : { port: Number(port) }) } : null,
  };
}

/**
 * The schema for `zodResolver`: the values it gives are the contract's request (a trimmed name, the
 * printer or null, the default port filled in).
 */
export function stationFormSchema() {
  return ZStationFormShape.transform((values, ctx): TStationRequest => {
    const result = ZStationRequest.safeParse(draftStationRequest(values));
    if (result.success) return result.data;
    for (const issue of result.error.issues) {
      const field = findStationFormField(issue.path.join('.')) ?? 'name';
      ctx.addIssue({ code: 'custom', path: [field], message: issue.message });
    }
    return z.NEVER;
  });
}
