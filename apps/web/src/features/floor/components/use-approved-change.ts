import type { TOrder } from '@tavolo/contract/orders';
import { useState } from 'react';
import { useToast } from '../../../components/ui/toast';
import { changeRefusalOf, describeChangeRefusal } from '../model/order-changes';

interface Asking {
  /** What is being approved, for the PIN sheet ("Void 1 × Margherita"). */
  action: string;
  /** Sends the change, with a manager's PIN once one was typed. */
  send: (approvalPin?: string) => Promise<TOrder>;
  onDone: (order: TOrder) => void;
}

/**
 * A void or a discount: sent as is first; when the server answers that it needs a manager's
 * approval, a PIN sheet asks for one and the change is sent again with it (with the same
 * Idempotency-Key, which the caller's `send` holds). A wrong PIN, or too many, is said on the
 * sheet, and so is a restaurant where no one who may approve has set a PIN; anything else ends the
 * attempt with a toast.
 */
export function useApprovedChange() {
  const toast = useToast();
  const [asking, setAsking] = useState<Asking | null>(null);
  const [pinOpen, setPinOpen] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const attempt = async (current: Asking, pin?: string) => {
    setPending(true);
    try {
      const order = await current.send(pin);
      setPinOpen(false);
      setAsking(null);
      setProblem(null);
      current.onDone(order);
    } catch (error) {
      const refusal = changeRefusalOf(error);
      if (refusal === 'approval-required' && pin === undefined) {
        setProblem(null);
        setPinOpen(true);
      } else if (refusal === 'no-approver') {
        // The sheet says why no PIN will do, rather than ask for one in vain.
        setProblem(describeChangeRefusal(error));
        setPinOpen(true);
      } else if (
        pin !== undefined &&
        (refusal === 'approval-refused' || refusal === 'approval-required' || refusal === 'rate-limited')
      ) {
        setProblem(describeChangeRefusal(error));
      } else {
        setPinOpen(false);
        setAsking(null);
        toast.error(describeChangeRefusal(error));
      }
    } finally {
      setPending(false);
    }
  };

  return {
    pending,
    /** Sends a change; the PIN sheet opens by itself if it needs approving. */
    submit(change: Asking) {
      setAsking(change);
      void attempt(change);
    },
    pinSheet: {
      open: pinOpen,
      action: asking?.action ?? '',
      problem,
      pending,
      onSubmit: (pin: string) => {
        if (asking) void attempt(asking, pin);
      },
      onCancel: () => {
        setPinOpen(false);
        setAsking(null);
        setProblem(null);
      },
    },
  };
}
