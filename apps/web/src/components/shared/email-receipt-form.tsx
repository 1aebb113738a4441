import { type FormEvent, useId, useRef, useState } from 'react';
import { getErrorMessage, isHttpError } from '../../lib/api-client';
import { useEmailReceipt } from '../../lib/email-receipt';
import { t } from '../../lib/i18n/i18n';
import { Button, type ButtonSize } from '../ui/button';
import { CheckIcon } from '../ui/icons';
import { TextField } from '../ui/text-field';
import { useToast } from '../ui/toast';

// Here rather than in a feature: staff e-mail a receipt from Payments, a guest from their payment page.

/** Enough to catch a typo before sending; the server checks the address properly. */
const LOOKS_LIKE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Why the e-mail did not go, in words: 429 (sent too often), an address the server refused, or the rest. */
export function describeEmailFailure(error: unknown): string {
  if (isHttpError(error, 429)) return t('shared.receiptEmail.rateLimited');
  if (isHttpError(error) && error.apiError?.fields?.email) return t('shared.receiptEmail.invalid');
  return t('shared.receiptEmail.failed', { reason: getErrorMessage(error) });
}

/**
 * An e-mail field and a Send button that e-mail a receipt with its PDF. `confirm`: a toast (staff,
 * in a dialog that then closes), or a line under the form (a guest, who stays on the page).
 */
export function EmailReceiptForm({
  receiptId,
  token,
  confirm,
  size = 'normal',
  onSent,
}: {
  receiptId: string;
  /** A guest's credential: the table's code. */
  token?: string;
  confirm: 'toast' | 'inline';
  size?: ButtonSize;
  onSent?: (email: string) => void;
}) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const field = useRef<HTMLInputElement>(null);
  const send = useEmailReceipt();
  const toast = useToast();
  const statusId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (send.isPending) return;
    const address = email.trim();
    const problem =
      address === ''
        ? t('shared.receiptEmail.required')
        : LOOKS_LIKE_EMAIL.test(address)
          ? undefined
          : t('shared.receiptEmail.invalid');
    setError(problem);
    if (problem) {
      field.current?.focus();
      return;
    }
    setSentTo(null);
    send.mutate(
      { id: receiptId, email: address, token },
      {
        onSuccess: () => {
          if (confirm === 'toast') toast.success(t('shared.receiptEmail.sent', { email: address }));
          else setSentTo(address);
          onSent?.(address);
        },
        onError: (failure) => {
          setError(describeEmailFailure(failure));
          field.current?.focus();
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-3" data-testid="email-receipt-form">
      <TextField
        ref={field}
        label={t('shared.receiptEmail.label')}
        type="email"
        inputMode="email"
        autoComplete="email"
        enterKeyHint="send"
        placeholder={t('shared.receiptEmail.placeholder')}
        value={email}
        error={error}
        onChange={(event) => {
          setEmail(event.target.value);
          setSentTo(null);
        }}
      />
      <Button
        type="submit"
        size={size}
        pending={send.isPending}
        pendingLabel={t('shared.receiptEmail.sending')}
        aria-describedby={sentTo ? statusId : undefined}
      >
        {t('shared.receiptEmail.send')}
      </Button>
      <p
        id={statusId}
        role="status"
        className="text-sm text-green-800 empty:hidden"
        data-testid="email-receipt-sent"
      >
        {sentTo ? (
          <>
            <CheckIcon className="mr-1 inline size-4 align-[-2px]" />
            {t('shared.receiptEmail.sent', { email: sentTo })}
          </>
        ) : null}
      </p>
    </form>
  );
}
