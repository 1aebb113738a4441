import type { TServiceRequestKind } from '@tavolo/contract/table-service';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { BellIcon } from '../../../components/ui/icons';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { TextareaField } from '../../../components/ui/textarea-field';
import { useToast } from '../../../components/ui/toast';
import { getErrorMessage, isHttpError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { t } from '../../../lib/i18n/i18n';
import { useCreateServiceRequest } from '../api/create-service-request';
import { useTableServiceRequests } from '../api/get-table-service-requests';
import {
  currentServiceRequest,
  describeServiceRequest,
  messageCounter,
  SERVICE_REQUEST_MESSAGE_MAX,
  serviceRequestLabel,
} from '../model/service-requests';

/** "Call staff": a sheet to call a waiter, ask for the bill or send a short message, no order needed. */
export function ServiceButton({ qrToken, className }: { qrToken: string; className?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="secondary"
        className={cn('min-h-11 rounded-full', className)}
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        data-testid="call-staff"
      >
        <BellIcon />
        {t('guest.service.callStaff')}
      </Button>
      <ServiceSheet qrToken={qrToken} open={open} onClose={() => setOpen(false)} />
    </>
  );
}

/** The table's latest call to staff and whether someone is on the way (announced as it changes). */
export function ServiceRequestStatus({ qrToken, className }: { qrToken: string; className?: string }) {
  const requests = useTableServiceRequests(qrToken);
  const current = currentServiceRequest(requests.data?.items ?? []);
  const view = current ? describeServiceRequest(current) : null;
  return (
    <p
      role="status"
      className={cn(
        'text-sm',
        view ? 'rounded-xl px-3 py-2 font-medium' : 'sr-only',
        view?.state === 'on-the-way' && 'bg-green-100 text-green-800',
        view?.state === 'sent' && 'bg-amber-100 text-amber-900',
        // Sizing only when shown: a width on the hidden (sr-only) line widens the page on a phone.
        view && className,
      )}
      data-testid="service-request-status"
      data-state={view?.state ?? 'none'}
    >
      {view ? `${view.subject} · ${view.status}` : ''}
    </p>
  );
}

function ServiceSheet({ qrToken, open, onClose }: { qrToken: string; open: boolean; onClose: () => void }) {
  const toast = useToast();
  const create = useCreateServiceRequest();
  const [writing, setWriting] = useState(false);
  const [message, setMessage] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const close = () => {
    if (create.isPending) return;
    setWriting(false);
    setProblem(null);
    onClose();
  };

  const send = (kind: TServiceRequestKind) => {
    const text = message.trim();
    if (kind === 'message' && text === '') {
      setProblem(t('guest.service.writeFirst'));
      return;
    }
    setProblem(null);
    create.mutate(
      { qrToken, kind, ...(kind === 'message' ? { message: text } : {}) },
      {
        onSuccess: () => {
          toast.success(kind === 'message' ? t('guest.service.messageSent') : t('guest.service.sentToast'));
          setMessage('');
          setWriting(false);
          onClose();
        },
        onError: (error) => {
          const text = isHttpError(error, 429) ? t('guest.service.tooMany') : getErrorMessage(error);
          setProblem(text);
          toast.error(text);
        },
      },
    );
  };

  const sending = (kind: TServiceRequestKind) => create.isPending && create.variables?.kind === kind;
  return (
    <ModalDialog
      open={open}
      onClose={close}
      variant="sheet"
      title={t('guest.service.callStaff')}
      description={t('guest.service.sheetDescription')}
      testId="service-sheet"
    >
      <div className="flex flex-col gap-3">
        {problem ? <Alert>{problem}</Alert> : null}
        <Button
          size="large"
          onClick={() => send('waiter')}
          disabled={create.isPending}
          pending={sending('waiter')}
          pendingLabel={t('guest.service.calling')}
        >
          {serviceRequestLabel('waiter')}
        </Button>
        <Button
          size="large"
          variant="secondary"
          onClick={() => send('bill')}
          disabled={create.isPending}
          pending={sending('bill')}
          pendingLabel={t('guest.service.asking')}
        >
          {serviceRequestLabel('bill')}
        </Button>
        {writing ? (
          <form
            className="flex flex-col gap-2"
            onSubmit={(event) => {
              event.preventDefault();
              send('message');
            }}
          >
            <TextareaField
              label={t('guest.service.yourMessage')}
              rows={3}
              maxLength={SERVICE_REQUEST_MESSAGE_MAX}
              value={message}
              onChange={(event) => setMessage(event.target.value)}
              placeholder={t('guest.service.messagePlaceholder')}
              hint={messageCounter(message)}
              autoFocus
            />
            <Button
              type="submit"
              size="large"
              disabled={create.isPending}
              pending={sending('message')}
              pendingLabel={t('guest.common.sending')}
            >
              {t('guest.service.sendMessage')}
            </Button>
          </form>
        ) : (
          <Button
            size="large"
            variant="secondary"
            onClick={() => setWriting(true)}
            disabled={create.isPending}
          >
            {serviceRequestLabel('message')}
          </Button>
        )}
      </div>
    </ModalDialog>
  );
}
